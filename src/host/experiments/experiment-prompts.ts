// An experiment's prompts made renderable for a preview: an inline template, a .txt/.md template, a .prompty,
// or a .json of chat messages whose string contents are each a template (parsed as JSON first, so a value
// can never break the JSON, and values stay data).

import type { ChatMessage } from '../../core/api/types';
import type { PromptRef } from '../../core/experiments/config';
import { parseChatDocument } from '../../core/prompts';
import { compileTemplate, parsePrompty, plainTemplate, type PlainTemplate, type PromptTemplate, type RenderOptions } from '../../core/templates';
import type { CellRender } from './rendered-markdown';

export type ReadText = (path: string) => Promise<string>;

export interface RenderablePrompt {
  ref: PromptRef;
  render(vars: Record<string, unknown>, options: RenderOptions): CellRender;
}

/**
 * `configFile` names an inline prompt's problems (it is written there). Throws what reading or parsing the
 * prompt's file throws (PromptInputError for a bad chat file).
 */
export async function renderablePrompt(ref: PromptRef, configFile: string, readText: ReadText): Promise<RenderablePrompt> {
  if (ref.kind === 'inline') return fromTemplate(ref, plainTemplate(ref.raw, configFile, 'jinja2', ref.line));
  const text = await readText(ref.path);
  switch (ref.format) {
    case 'prompty':
      return fromTemplate(ref, parsePrompty(text, ref.path));
    case 'text':
      return fromTemplate(ref, plainTemplate(text, ref.path));
    case 'chat':
      return fromChat(ref, parseChatDocument(text, ref.path));
  }
}

function fromTemplate(ref: PromptRef, template: PromptTemplate): RenderablePrompt {
  return {
    ref,
    render(vars, options) {
      const result = compileTemplate(template).render(vars, options);
      return result.kind === 'text' ? result : { kind: 'messages', messages: result.messages };
    },
  };
}

function fromChat(ref: PromptRef & { kind: 'file' }, messages: ChatMessage[]): RenderablePrompt {
  const templates: (PlainTemplate | string)[] = messages.map((message) =>
    typeof message.content === 'string' ? plainTemplate(message.content, ref.path) : JSON.stringify(message.content),
  );
  return {
    ref,
    render(vars, options) {
      return {
        kind: 'messages',
        messages: messages.map((message, index) => {
          const template = templates[index];
          if (typeof template === 'string') return { role: message.role, content: template };
          const result = compileTemplate(template).render(vars, options);
          return { role: message.role, content: result.kind === 'text' ? result.text : '' };
        }),
      };
    },
  };
}
