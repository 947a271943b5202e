// render_generate_entry (protocol §1.2): one /v1/generate prompt entry -> the string queued for the model.
// A rejected entry raises the renderer's HTTP 400, which generate() wraps into a 500.

import { isPlainObject } from '../http/validation';
import { renderChatTemplate, type TemplateMessage } from './chat-template';

export type RenderedEntry = { prompt: unknown } | { error: string };

export function renderGenerateEntry(entry: unknown): RenderedEntry {
  if (typeof entry === 'string') return { prompt: entry };
  const fields = entry as Record<string, unknown>;
  const hasMessages = pythonTruthy(fields.messages);
  const hasPrompt = pythonTruthy(fields.prompt);
  if (hasMessages === hasPrompt) {
    const state = (present: boolean): string => (present ? 'present' : 'absent');
    return {
      error: `400: render_chat_template requires exactly one of \`messages\` or \`prompt\` to be set; got messages=${state(hasMessages)}, prompt=${state(hasPrompt)}`,
    };
  }
  // The renderer hands a raw prompt through as it is, string or not.
  if (hasPrompt) return { prompt: fields.prompt };
  const messages = fields.messages;
  if (!Array.isArray(messages) || !messages.every((m) => isPlainObject(m) && typeof m.role === 'string')) {
    return { error: '400: messages must be a list of objects with a string `role`' };
  }
  return { prompt: renderChatTemplate(messages as TemplateMessage[]) };
}

/** Python's bool(): empty strings, lists and dicts, zero and None are false. */
function pythonTruthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (isPlainObject(value)) return Object.keys(value).length > 0;
  return true;
}
