// "Copy request as cURL / Python / TypeScript": the request a chat turn was asked with, as code on the
// clipboard, the gateway token as $SCALARLM_TOKEN. From an answer's buttons, or as a command for the last
// turn of the chat panel in front.

import * as vscode from 'vscode';
import { SNIPPET_LABELS, snippetsFor, TOKEN_ENV, type SnippetFormat } from '../../core/snippets';
import type { ChatSession } from '../../host/chat/chat-session';
import { copyText } from '../text-actions';

export async function copyRequestAsCode(session: ChatSession, format: SnippetFormat, turn: number, column: number): Promise<void> {
  const request = session.request(turn, column);
  if (!request) return void vscode.window.showWarningMessage('ScalarLM: this turn came from a file and was never sent, so there is no request to copy.');
  await copyText(snippetsFor(request)[format], `Request as ${SNIPPET_LABELS[format]} (token as $${TOKEN_ENV})`);
}

/** Whatever knows the chat in front (the chat panels). */
export interface FrontChat {
  active(): ChatSession | undefined;
}

/** The last turn sent in the chat panel in front (a comparison asks which model's request). */
export async function copyLastRequestAsCode(panels: FrontChat, format: SnippetFormat): Promise<void> {
  const session = panels.active();
  if (!session) return void vscode.window.showWarningMessage('ScalarLM: open a chat first; its last turn is the request copied.');
  const { turns, models } = session.record;
  let turn = turns.length - 1;
  while (turn >= 0 && (turns[turn].imported || turns[turn].answers.length === 0)) turn--;
  if (turn < 0) return void vscode.window.showWarningMessage('ScalarLM: this chat has sent nothing yet; send a message first.');
  let column = 0;
  if (models.length > 1) {
    const picked = await vscode.window.showQuickPick(
      turns[turn].answers.map((answer, index) => ({ label: answer.model || "Deployment's default model", index })),
      { title: `ScalarLM: copy which model's request as ${SNIPPET_LABELS[format]}?` },
    );
    if (!picked) return;
    column = picked.index;
  }
  await copyRequestAsCode(session, format, turn, column);
}
