// Request ids of /v1/generate computed client-side exactly as the server computes them (protocol §1.3),
// so a submit that failed ambiguously can be looked up before anything is sent again.
// Group id = SHA-256 hex of Python's json.dumps of the list of queued items; per-prompt id =
// `<group>_<index as 9 digits>`.

import { createHash } from 'node:crypto';
import { PythonFloat, pythonJsonDumps } from './python-json';
import type { GenerateRequest, PromptEntry } from './types';

export { PythonFloat, pythonJsonDumps } from './python-json';

/** One prompt as the server queues it: these keys, in this order (protocol §1.2). */
export interface QueuedItem {
  prompt: string;
  model: string;
  max_tokens: number;
  temperature: PythonFloat;
  tools: unknown[] | null;
  tool_choice: string | Record<string, unknown> | null;
  request_type: 'generate';
}

/** Pydantic's default for an omitted max_tokens on /v1/generate (protocol §1.1). */
const DEFAULT_GENERATE_MAX_TOKENS = 16;
const INDEX_DIGITS = 9;

export function computeGroupId(items: readonly QueuedItem[]): string {
  // json.dumps of the list, item by item: what follows each prompt is the same for items that share their
  // other fields (a group's usually do), so it is written once and reused rather than dumped per prompt. The
  // text goes to the hash in one piece: an update per item costs more than the hashing.
  let shared: { of: QueuedItem; text: string } | undefined;
  let text = '[';
  items.forEach((item, index) => {
    if (index > 0) text += ', ';
    // An item built elsewhere with its keys in another order is dumped whole.
    if (Object.keys(item)[0] !== 'prompt') return void (text += pythonJsonDumps(item));
    if (!shared || !sameButPrompt(shared.of, item)) shared = { of: item, text: pythonJsonDumps({ ...item, prompt: '' }).slice(PROMPT_LEAD.length + 2) };
    text += `${PROMPT_LEAD}${pythonJsonDumps(item.prompt)}${shared.text}`;
  });
  return createHash('sha256').update(`${text}]`, 'utf8').digest('hex');
}

/** How json.dumps begins each item: `prompt` is its first key (protocol §1.2). */
const PROMPT_LEAD = '{"prompt": ';

function sameButPrompt(a: QueuedItem, b: QueuedItem): boolean {
  return a.model === b.model && a.max_tokens === b.max_tokens && a.temperature.value === b.temperature.value && a.tools === b.tools && a.tool_choice === b.tool_choice && a.request_type === b.request_type;
}

/**
 * The items the server will queue for this request, or undefined when the client cannot know them:
 * a {messages} entry is rendered server-side through the model's chat template, and an entry of any
 * other shape is rejected by the server anyway. `resolvedModel` is the name the server will resolve
 * the request's model to (its default model when omitted; "latest" cannot be resolved here).
 */
export function queuedItemsFor(request: GenerateRequest, resolvedModel: string): QueuedItem[] | undefined {
  // tools and tool_choice reach the server as JSON: hash what it parsed, not the caller's objects.
  const tools = request.tools === undefined ? null : (asSentJson(request.tools) as unknown[]);
  const toolChoice = request.tool_choice === undefined ? null : (asSentJson(request.tool_choice) as QueuedItem['tool_choice']);
  const items: QueuedItem[] = [];
  for (const entry of request.prompts) {
    const prompt = rawPromptOf(entry);
    if (prompt === undefined) return undefined;
    items.push({
      prompt,
      model: resolvedModel,
      max_tokens: request.max_tokens ?? DEFAULT_GENERATE_MAX_TOKENS,
      // A Pydantic float field: 0 arrives as 0.0, 1 as 1.0.
      temperature: new PythonFloat(request.temperature ?? 0),
      tools,
      tool_choice: toolChoice,
      request_type: 'generate',
    });
  }
  return items;
}

/** The text a bare string or {prompt} entry queues unchanged; undefined for anything the server renders or rejects. */
function rawPromptOf(entry: PromptEntry): string | undefined {
  if (typeof entry === 'string') return entry;
  const { prompt, messages } = entry as { prompt?: unknown; messages?: unknown };
  // Other keys of an entry are ignored by the server; an empty prompt counts as absent and is rejected,
  // as is an entry with both keys; {messages} is rendered through the model's chat template (protocol §1.2).
  if (messages !== undefined || typeof prompt !== 'string' || prompt === '') return undefined;
  return prompt;
}

function asSentJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}

/** `<group>_<index as 9 digits>`, the id format since Dec 2025. */
export function requestIdFor(groupId: string, index: number): string {
  return `${groupId}_${String(index).padStart(INDEX_DIGITS, '0')}`;
}

export interface ParsedRequestId {
  /** The group (everything before the first `_`); undefined for the integer ids of servers up to Oct 2025. */
  group: string | undefined;
  /** The prompt's place in its group; for an integer id, the id itself (ids were handed out in prompt order). */
  index: number;
}

/** Reads a padded (`…_000000002`), unpadded (`…_2`) or integer id; undefined when it is none of these. */
export function parseRequestId(id: string | number): ParsedRequestId | undefined {
  if (typeof id === 'number') return Number.isSafeInteger(id) && id >= 0 ? { group: undefined, index: id } : undefined;
  const cut = id.indexOf('_');
  if (cut <= 0) return undefined;
  const suffix = id.slice(cut + 1);
  if (!/^\d+$/.test(suffix)) return undefined;
  return { group: id.slice(0, cut), index: Number(suffix) };
}
