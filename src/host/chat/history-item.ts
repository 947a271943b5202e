// How the Chat History view names a saved conversation: its title, then the model(s) and its first line;
// the tooltip has the rest. No 'vscode' import.

import type { ConversationSummary } from '../../core/chat/conversation';
import { shortModelName } from '../../protocol/chat';
import { escapeMarkdown } from '../markdown-text';

export interface HistoryItemText {
  label: string;
  description: string;
  /** Markdown. */
  tooltip: string;
}

function shortModel(model: string): string {
  return model === '' ? 'default model' : shortModelName(model);
}

export function historyItemText(summary: ConversationSummary): HistoryItemText {
  const models = summary.models.map(shortModel).join(', ');
  const description = summary.firstLine === '' ? models : `${models} · ${summary.firstLine}`;
  const turns = summary.turns === 1 ? '1 turn' : `${summary.turns} turns`;
  const lines = [
    `**${escapeMarkdown(summary.title)}**`,
    `${escapeMarkdown(summary.models.map((model) => model || "the deployment's default model").join(', '))} · ${turns}`,
    `Started ${new Date(summary.createdAt).toLocaleString()} · last changed ${new Date(summary.updatedMs).toLocaleString()}`,
  ];
  if (summary.firstLine !== '') lines.splice(2, 0, escapeMarkdown(summary.firstLine));
  return { label: summary.title, description, tooltip: lines.join('\n\n') };
}
