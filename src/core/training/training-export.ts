// Training data as the server trains on it: `{"input", "output"}` JSON lines, one example each (training.md §2).
// The input is the text the model was given, so training and inference see the same thing:
// - a text prompt (a string or {prompt}) is that text;
// - a {messages} prompt sent through the batch queue is the string the deployment rendered it to with its chat
//   template, read back from the server's stored request (`GET /v1/generate/request/{group}`: each queued item
//   keeps its rendered `prompt`, protocol §1.2, §5.2). That is the deployment saying how it renders;
// - otherwise (a chat-transport cell, an older server without the request route, a request gone from the
//   server) the documented fallback rendering below: the deployment cannot say (`/v1/models` carries no chat
//   template), so the messages are written as Prompty writes them, each `role:` on its own line, then its
//   content, the turns separated by a blank line. The README says so; the export counts how many inputs used it.

import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { ScalarLMApi } from '../api/api';
import { parseRequestId } from '../api/group-id';
import type { ChatMessage, PromptEntry } from '../api/types';
import type { RunItem } from '../runs/run-projection';
import type { TrainingExample } from './training-data';

/** How a chat prompt's text was found: from the deployment, or by the documented fallback rendering. */
export type InputRendering = 'text' | 'server' | 'fallback';

/** A run that makes no training data, or an export that cannot be written: at its file:line when it has one. */
export class TrainingExportError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly detail: string,
  ) {
    super(line === undefined ? `${file}: ${detail}` : `${file}:${line}: ${detail}`);
  }
}

/** The documented fallback for {messages} the deployment did not render: `role:` lines, turns a blank line apart. */
export function fallbackChatRendering(messages: readonly ChatMessage[]): string {
  return messages.map((m) => `${m.role}:\n${contentText(m.content)}`).join('\n\n');
}

function contentText(content: ChatMessage['content']): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  // OpenAI content parts: only the text parts reach a text model.
  return content.map((part) => (part && typeof part === 'object' && typeof (part as { text?: unknown }).text === 'string' ? (part as { text: string }).text : '')).join('');
}

/**
 * The rendered prompts of the {messages} items among `items` that the deployment holds: by item index. One
 * request lookup per group; a group the server does not hold (or a server without the route) is left out.
 */
export async function serverRenderings(api: ScalarLMApi, items: readonly RunItem[], signal?: AbortSignal): Promise<Map<number, string>> {
  const wanted = new Map<string, { index: number; at: number }[]>();
  for (const item of items) {
    if (!isMessages(item.prompt) || typeof item.requestId !== 'string') continue;
    const parsed = parseRequestId(item.requestId);
    if (!parsed?.group) continue;
    wanted.set(parsed.group, [...(wanted.get(parsed.group) ?? []), { index: item.index, at: parsed.index }]);
  }
  const rendered = new Map<number, string>();
  for (const [group, members] of wanted) {
    const lookup = (await api.lookupRequest(group, signal ? { signal } : {})).data;
    if (lookup.state === 'route-missing') break;
    if (lookup.state !== 'found' || !Array.isArray(lookup.detail.request)) continue;
    const queued = lookup.detail.request as unknown[];
    for (const { index, at } of members) {
      const prompt = (queued[at] as { prompt?: unknown } | undefined)?.prompt;
      if (typeof prompt === 'string') rendered.set(index, prompt);
    }
  }
  return rendered;
}

/** The input of an item's prompt, and how it was found. */
export function inputOf(entry: PromptEntry, rendered: string | undefined): { input: string; rendering: InputRendering } {
  if (typeof entry === 'string') return { input: entry, rendering: 'text' };
  if ('prompt' in entry) return { input: entry.prompt, rendering: 'text' };
  return rendered !== undefined ? { input: rendered, rendering: 'server' } : { input: fallbackChatRendering(entry.messages), rendering: 'fallback' };
}

/** A results run's examples: each prompt with the answer it got (the items that errored or are pending are left out). */
export function resultsRunExamples(items: readonly RunItem[], rendered: ReadonlyMap<number, string>): { examples: TrainingExample[]; fallback: number; skipped: number } {
  const examples: TrainingExample[] = [];
  let fallback = 0;
  let skipped = 0;
  for (const item of items) {
    if (item.status !== 'ok' || item.prompt === undefined || !item.response) {
      skipped++;
      continue;
    }
    const { input, rendering } = inputOf(item.prompt, rendered.get(item.index));
    if (rendering === 'fallback') fallback++;
    examples.push({ input, output: item.response });
  }
  return { examples, fallback, skipped };
}

/**
 * Writes the examples as JSON lines (refusing an empty set, as the server would train on nothing). With
 * `overwrite: false` an existing file is kept and false returned: the check and the create are one step, so a
 * file made after the caller looked is not lost either.
 */
export async function writeTrainingData(examples: readonly TrainingExample[], path: string, options: { overwrite?: boolean } = {}): Promise<boolean> {
  if (examples.length === 0) throw new TrainingExportError(path, undefined, 'no examples to write: nothing in the run qualifies');
  const out = createWriteStream(path, { flags: options.overwrite === false ? 'wx' : 'w' });
  try {
    await once(out, 'open');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  for (const { input, output } of examples) {
    if (typeof input !== 'string' || typeof output !== 'string') throw new TrainingExportError(path, undefined, 'every example needs a string input and a string output');
    if (!out.write(JSON.stringify({ input, output }) + '\n')) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return true;
}

function isMessages(entry: PromptEntry | undefined): entry is { messages: ChatMessage[] } {
  return typeof entry === 'object' && entry !== null && 'messages' in entry;
}
