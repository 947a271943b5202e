// The server renders `{messages}` entries to one string with the model's Hugging Face chat template
// (protocol §1.2); the default model is a Gemma, so this mimics Gemma's template. Because the rendering is
// server-side, a client cannot compute the group id of a batch that contains messages.

export interface TemplateMessage {
  role: string;
  content: unknown;
}

/** Gemma's template: system text is folded into the first user turn, `assistant` is spelled `model`. */
export function renderChatTemplate(messages: readonly TemplateMessage[]): string {
  let systemPrefix = '';
  let out = '<bos>';
  for (const message of messages) {
    const text = contentText(message.content).trim();
    if (message.role === 'system') {
      systemPrefix += `${text}\n\n`;
      continue;
    }
    const role = message.role === 'assistant' ? 'model' : message.role;
    const body = role === 'user' ? systemPrefix + text : text;
    if (role === 'user') systemPrefix = '';
    out += `<start_of_turn>${role}\n${body}<end_of_turn>\n`;
  }
  if (systemPrefix) out += `<start_of_turn>user\n${systemPrefix.trimEnd()}<end_of_turn>\n`;
  return `${out}<start_of_turn>model\n`;
}

/** The text of the last user message, which a trained adaptor of the simulator matches against its training inputs. */
export function lastUserText(messages: unknown): string | undefined {
  if (!Array.isArray(messages)) return undefined;
  const last = [...messages].reverse().find((message) => (message as TemplateMessage | null)?.role === 'user') as TemplateMessage | undefined;
  return last === undefined ? undefined : contentText(last.content);
}

/** Whether the conversation's last message is a tool's result (the model then answers it). */
export function endsWithToolResult(messages: unknown): boolean {
  return Array.isArray(messages) && (messages.at(-1) as TemplateMessage | null)?.role === 'tool';
}

/** OpenAI content is a string, null, or a list of parts of which only the text parts render. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => (part && typeof part === 'object' && typeof (part as { text?: unknown }).text === 'string' ? (part as { text: string }).text : ''))
    .join('');
}
