// Assertion values rendered with the test's vars, as promptfoo renders them before judging (its runAssertion):
// a string value, and each string of a list value, is a template (`contains: '{{city}}'` looks for the
// city), except a `file://` reference. The vars are the test's as prepared (promptfoo-vars.ts). A value with
// no template tag is left as it is; one with tags is Jinja2 code, so it renders only where templates do.

import { compileTemplate, plainTemplate, TemplateError, TemplateTrustError, type RenderOptions } from '../../templates';
import type { Assertion } from './types';

const templateTag = /\{[{%#]/;

export interface ValueRendering {
  vars: Record<string, unknown>;
  trust: RenderOptions['trust'];
}

/** Why an assertion's value cannot be rendered; `needsTrust` when only Restricted Mode stands in the way. */
export class ValueRefusal {
  constructor(
    readonly refused: string,
    readonly needsTrust: boolean,
  ) {}
}

/** The assertion with its value rendered, or why it cannot be. */
export function renderedAssertion(assertion: Assertion, rendering: ValueRendering): Assertion | ValueRefusal {
  const { value } = assertion;
  try {
    if (typeof value === 'string') return { ...assertion, value: renderValue(value, assertion, rendering) };
    if (Array.isArray(value)) return { ...assertion, value: value.map((item: unknown) => (typeof item === 'string' ? renderValue(item, assertion, rendering) : item)) };
    return assertion;
  } catch (error) {
    if (error instanceof TemplateTrustError) return new ValueRefusal('the assertion value has template tags, which are rendered only in trusted workspaces (and the CLI): trust this folder to judge it', true);
    if (error instanceof TemplateError) return new ValueRefusal(`the assertion value cannot be rendered with the test's vars: ${error.detail}`, false);
    throw error;
  }
}

function renderValue(text: string, where: Assertion, { vars, trust }: ValueRendering): string {
  if (text.startsWith('file://') || !templateTag.test(text)) return text;
  const rendered = compileTemplate(plainTemplate(text, where.file, 'jinja2', where.line)).render(vars, { trust });
  return rendered.kind === 'text' ? rendered.text : rendered.messages.map((message) => message.content).join('\n');
}
