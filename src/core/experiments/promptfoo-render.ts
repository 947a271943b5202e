// How promptfoo renders a prompt of its config (its renderPrompt, promptfoo 0.121), for the prompts written for
// it: inline templates, .txt/.md/.j2 files and .json chat messages. What it sends is the reference here:
// - the test's `prefix` and `suffix` options are put around the template before it renders;
// - rendering is nunjucks' (promptfoo renders with nunjucks): a final newline is kept;
// - a var whose value holds template tags is rendered with the other vars first, unless it seems to use a var
//   that is not defined (promptfoo's regular expressions decide, quirks included: those are sent as written)
//   or does not parse (promptfoo wraps it in `raw`);
// - a .json prompt that parses is rendered string by string, vars as they are; one that does not parse as
//   written (template tags between messages) is rendered whole, vars rendered too, and must then be JSON.
// The vars arrive prepared (file:// read, `{{ var }}` references resolved: config/promptfoo-vars.ts).

import { compileTemplate, plainTemplate, TemplateError, type CompiledTemplate, type RenderOptions } from '../templates';

const templateTag = /\{[{%#]/;

export interface TestText {
  prefix?: string;
  suffix?: string;
}

/** A text template with a test's prefix and suffix around it, compiled once per distinct pair. */
export class PromptfooTemplate {
  private readonly compiled = new Map<string, CompiledTemplate>();

  constructor(
    private readonly raw: string,
    private readonly file: string,
    private readonly firstLine: number,
  ) {}

  /** Throws the template's first problem (a syntax error) for the bare template. */
  check(): CompiledTemplate {
    return this.template({});
  }

  render(vars: Record<string, unknown>, options: RenderOptions, text: TestText): string {
    const rendered = this.template(text).render(renderedVars(vars, options), options);
    return rendered.kind === 'text' ? rendered.text : rendered.messages.map((message) => message.content).join('\n');
  }

  private template({ prefix = '', suffix = '' }: TestText): CompiledTemplate {
    const key = `${prefix}\0${suffix}`;
    let template = this.compiled.get(key);
    if (template === undefined) {
      // Lines of the prefix come before the template's first line, so problems still point into the file.
      const firstLine = this.firstLine - (prefix.match(/\n/g)?.length ?? 0);
      template = compileTemplate({ ...plainTemplate(prefix + this.raw + suffix, this.file, 'jinja2', firstLine), renderer: 'nunjucks' });
      this.compiled.set(key, template);
    }
    return template;
  }
}

/** Compiled var values, by their text: the same value recurs in every row of a tests file. */
const varTemplates = new Map<string, CompiledTemplate | null>();
const varTemplateLimit = 1000;

/** promptfoo's renderedVars: each string var with template tags rendered with the vars as they were. */
export function renderedVars(vars: Record<string, unknown>, options: RenderOptions): Record<string, unknown> {
  let rendered: Record<string, unknown> | undefined;
  for (const [name, value] of Object.entries(vars)) {
    if (typeof value !== 'string' || !templateTag.test(value)) continue;
    if (referencesUndefined(value, vars)) continue;
    const template = varTemplate(name, value);
    if (template === null) continue;
    const result = template.render(vars, options);
    rendered ??= { ...vars };
    rendered[name] = result.kind === 'text' ? result.text : value;
  }
  return rendered ?? vars;
}

/**
 * promptfoo's referencesUndefinedVariables, over its extractVariablesFromTemplate (regular expressions, not a
 * parse): `{{ c.name }}` inside `{% for c in … %}` counts as using an undefined `c`, so such a value is sent
 * as written there, and so here.
 */
function referencesUndefined(template: string, vars: Record<string, unknown>): boolean {
  const names = new Set<string>();
  const text = template.replace(/\{#[\s\S]*?#\}/g, '');
  for (const match of text.matchAll(/\{\{[\s]*([^{}\s|]+)[\s]*(?:\|[^}]+)?\}\}|\{%[\s]*(?:if|for)[\s]+([^{}\s]+)[\s]*.*?%\}/g)) {
    const name = match[1] || match[2];
    if (name) names.add(name);
  }
  for (const match of text.matchAll(/\{%[\s]*for[\s]+(\w+)[\s]+in[\s]+(\w+)[\s]*%\}/g)) {
    names.delete(match[1]);
    names.add(match[2]);
  }
  return [...names].some((name) => {
    const root = /^([A-Za-z_]\w*)/.exec(name)?.[1];
    return root !== undefined && root !== 'env' && vars[root] === undefined;
  });
}

function varTemplate(name: string, value: string): CompiledTemplate | null {
  const known = varTemplates.get(value);
  if (known !== undefined) return known;
  let template: CompiledTemplate | null;
  try {
    template = compileTemplate({ ...plainTemplate(value, `the variable \`${name}\``), renderer: 'nunjucks' });
  } catch (error) {
    if (!(error instanceof TemplateError)) throw error;
    // promptfoo sends a value it cannot parse as written (it wraps it in `{% raw %}`).
    template = null;
  }
  if (varTemplates.size >= varTemplateLimit) varTemplates.clear();
  varTemplates.set(value, template);
  return template;
}
