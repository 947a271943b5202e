// A prompt's own request parameters (a .prompty's `model.parameters`) as a column sends them. Prompty sends
// every one of them; so does the queue-backed chat path here. The batch queue takes only `max_tokens` (and
// decodes greedily whatever the temperature), so a column whose prompt asks for anything else goes through
// chat, unless its provider says `transport: batch`, and then each ignored parameter is said.

/** Read by the column itself (experiment-cells.ts): the provider's config may set them too. */
const columnKeys = new Set(['max_tokens', 'temperature', 'top_p', 'stop']);

export interface PromptOptions {
  /** `tools` and `tool_choice`: fields of their own in a column's parameters (the batch request has them too). */
  tools?: unknown[];
  tool_choice?: string | Record<string, unknown>;
  /** Everything else, sent as it is on chat. */
  options?: Record<string, unknown>;
  /** The names of the parameters besides the column's own: what the batch queue does not apply. */
  chatOnly: string[];
}

export function promptOptions(parameters: Record<string, unknown>): PromptOptions {
  const options: Record<string, unknown> = {};
  const found: PromptOptions = { chatOnly: [] };
  for (const [key, value] of Object.entries(parameters)) {
    if (columnKeys.has(key)) continue;
    found.chatOnly.push(key);
    if (key === 'tools') found.tools = value as unknown[];
    else if (key === 'tool_choice') found.tool_choice = value as string | Record<string, unknown>;
    else Object.defineProperty(options, key, { value, enumerable: true, writable: true, configurable: true });
  }
  if (Object.keys(options).length > 0) found.options = options;
  return found;
}
