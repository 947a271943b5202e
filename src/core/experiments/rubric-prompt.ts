// llm-rubric graded with the test's `options.rubricPrompt`, as promptfoo grades it (its renderLlmRubricPrompt):
// the prompt is a template over the test's vars, `output` (the answer, read as JSON where it is JSON) and
// `rubric` (the assertion's value). A prompt that is JSON has each of its strings rendered; chat messages
// (a list of {role, content}) are sent as messages, anything else as one user message.

import type { ChatMessage } from '../api/types';
import type { ModelGradedAssertion } from '../judge';
import { compileTemplate, plainTemplate, type RenderOptions } from '../templates';

export function customRubricPrompt(assertion: ModelGradedAssertion & { rubricPrompt: string }, output: string, vars: Record<string, unknown>, trust: RenderOptions['trust']): { messages: ChatMessage[] } {
  const context = { ...vars, output: parsedOrText(output), rubric: assertion.value };
  const render = (text: string) => {
    const result = compileTemplate({ ...plainTemplate(text, assertion.where.file, 'jinja2', assertion.where.line), renderer: 'nunjucks' }).render(context, { trust });
    return result.kind === 'text' ? result.text : result.messages.map((message) => message.content).join('\n');
  };
  let rendered: unknown;
  try {
    rendered = JSON.parse(assertion.rubricPrompt, (_key, value: unknown) => (typeof value === 'string' ? render(value) : value));
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    rendered = parsedOrText(render(assertion.rubricPrompt));
  }
  if (isMessageList(rendered)) return { messages: rendered.map(({ role, content }) => ({ role, content })) };
  return { messages: [{ role: 'user', content: typeof rendered === 'string' ? rendered : JSON.stringify(rendered) }] };
}

function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isMessageList(value: unknown): value is { role: ChatMessage['role']; content: string }[] {
  return Array.isArray(value) && value.length > 0 && value.every((message) => typeof message === 'object' && message !== null && ['system', 'user', 'assistant'].includes((message as { role?: unknown }).role as string) && typeof (message as { content?: unknown }).content === 'string');
}
