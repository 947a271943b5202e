// Finding a batch on the server when its id cannot be computed here and no ledger on this machine remembers it:
// a group of {messages} prompts (a .prompty's batch cells) is rendered through the model's chat template on
// the server, so only the server knows its id. A new window, another machine or a second config using the
// same .prompty would otherwise POST an identical batch again, which the server then shows in_progress for
// good (protocol §10.2). The request browser (protocol §5) is read once per run, newest first, and a listed
// group is taken only when its stored request matches this group item by item: same count, model, max_tokens,
// temperature, tools; each rendered prompt holds this item's messages in order, and the template's text
// around them is the same for every item with the same roles. Servers without the browser send as before.

import type { ScalarLMApi } from '../api/api';
import { HttpStatusError } from '../api/errors';
import { queuedItemsFor } from '../api/group-id';
import type { ChatMessage, PromptEntry, RequestRow } from '../api/types';
import type { BatchParams } from '../runs/ledger-schema';

/** How many of the newest listed batches are read (one page holds 200): older ones are sent again, as before. */
const LISTED_ROWS = 2000;
/** Candidates (same size, model and first prompt) whose stored request is read, per group. */
const MAX_CANDIDATES = 8;

export interface ListedTarget {
  prompts: readonly PromptEntry[];
  params: BatchParams;
}

export class ListedGroups {
  private rows: Promise<RequestRow[]> | undefined;
  /** Groups of this run sent since the list was read, by content key: the server's id for each. */
  private readonly sent = new Map<string, string>();

  constructor(private readonly api: ScalarLMApi) {}

  /** The id of a listed group holding exactly this batch; undefined when none does (or the server cannot say). */
  async find(target: ListedTarget, signal: AbortSignal): Promise<string | undefined> {
    const { model } = target.params;
    // "latest" or no model: the server picks it, so a listed batch of some model may not be this one.
    if (model === undefined || model === '' || model === 'latest' || target.prompts.length === 0) return undefined;
    const first = firstText(target.prompts[0]);
    const rows = await this.listed(signal);
    const candidates = rows
      .filter((row) => row.request_count === target.prompts.length && row.request_type === 'generate' && row.model === model)
      // A whole preview (not cut off with '…') must show the first prompt's text.
      .filter((row) => first === undefined || row.prompt_preview.endsWith('…') || row.prompt_preview.includes(first.slice(0, 16)))
      .slice(0, MAX_CANDIDATES);
    for (const row of candidates) {
      const lookup = (await this.api.lookupRequest(row.request_id, { signal })).data;
      if (lookup.state === 'found' && holdsBatch(lookup.detail.request, target)) return row.request_id;
    }
    return undefined;
  }

  /** Notes the server's id of a group this run sent whose id could not be computed here. */
  learn(key: string, groupId: string): void {
    this.sent.set(key, groupId);
  }

  /** The server's id of a group with this content that this run has sent, if any. */
  submitted(key: string): string | undefined {
    return this.sent.get(key);
  }

  private listed(signal: AbortSignal): Promise<RequestRow[]> {
    this.rows ??= readRows(this.api, signal);
    return this.rows;
  }
}

async function readRows(api: ScalarLMApi, signal: AbortSignal): Promise<RequestRow[]> {
  const rows: RequestRow[] = [];
  try {
    for await (const row of api.allRequests({ signal, pageSize: 200 })) {
      rows.push(row);
      if (rows.length >= LISTED_ROWS) break;
    }
  } catch (error) {
    // A server from before the request browser: nothing can be found there.
    if (error instanceof HttpStatusError && error.status === 404) return [];
    throw error;
  }
  return rows;
}

interface StoredItem {
  prompt?: unknown;
  model?: unknown;
  max_tokens?: unknown;
  temperature?: unknown;
  tools?: unknown;
  tool_choice?: unknown;
}

/** Whether a stored request array (protocol §1.2) is this batch, item by item. */
export function holdsBatch(request: unknown, target: ListedTarget): boolean {
  if (!Array.isArray(request) || request.length !== target.prompts.length) return false;
  const { model, max_tokens, temperature, tools, tool_choice } = target.params;
  // What the server queues for each item but the prompt (placeholders stand for the prompts it renders).
  const queued = queuedItemsFor({ prompts: ['-'], ...(model ? { model } : {}), max_tokens, temperature, tools, tool_choice }, model ?? '')?.[0];
  if (!queued) return false;
  const sentTools = JSON.stringify(queued.tools);
  const sentChoice = JSON.stringify(queued.tool_choice);
  const skeletons = new Map<string, string>();
  return (request as StoredItem[]).every((item, i) => {
    if (item === null || typeof item !== 'object' || typeof item.prompt !== 'string') return false;
    if (item.model !== queued.model || item.max_tokens !== queued.max_tokens || Number(item.temperature ?? 0) !== queued.temperature.value) return false;
    if (JSON.stringify(item.tools ?? null) !== sentTools || JSON.stringify(item.tool_choice ?? null) !== sentChoice) return false;
    const entry = target.prompts[i];
    if (typeof entry === 'string' || 'prompt' in entry) return item.prompt === (typeof entry === 'string' ? entry : entry.prompt);
    const skeleton = templateAround(item.prompt, entry.messages);
    if (skeleton === undefined) return false;
    // The template's own text depends on the roles, not on what the messages say.
    const roles = entry.messages.map((m) => m.role).join(',');
    const seen = skeletons.get(roles);
    skeletons.set(roles, skeleton);
    return seen === undefined || seen === skeleton;
  });
}

/** The rendered prompt without the messages' texts (found in order), or undefined when it does not hold them all. */
function templateAround(rendered: string, messages: readonly ChatMessage[]): string | undefined {
  const pieces: string[] = [];
  let at = 0;
  for (const message of messages) {
    const text = contentText(message.content).trim();
    if (text === '') continue;
    const found = rendered.indexOf(text, at);
    if (found === -1) return undefined;
    pieces.push(rendered.slice(at, found));
    at = found + text.length;
  }
  pieces.push(rendered.slice(at));
  return JSON.stringify(pieces);
}

function firstText(entry: PromptEntry): string | undefined {
  if (typeof entry === 'string') return entry;
  if ('prompt' in entry) return entry.prompt;
  const text = contentText(entry.messages[0]?.content).trim();
  return text === '' ? undefined : text;
}

/** A message's text as a chat template renders it: a string, or the text parts of a list. */
function contentText(content: ChatMessage['content'] | undefined): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (part && typeof part === 'object' && typeof (part as { text?: unknown }).text === 'string' ? (part as { text: string }).text : '')).join('');
}
