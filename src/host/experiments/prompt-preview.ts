// What "Preview Prompt" shows for a template: a short header (file, engine, where the variables came from and
// their values, the frontmatter's parameters and model), then the rendered messages or text; or, when it
// cannot render, why, located, so the editor can put the same problem on the file.

import { compileTemplate, TemplateTrustError, type PromptTemplate, type RenderOptions } from '../../core/templates';
import { shortValue } from './markdown-blocks';
import { isLocated, notRenderedMarkdown, renderedMarkdown, type LocatedProblem } from './rendered-markdown';

/** Where the preview's values come from. */
export type PreviewVars =
  /** A .prompty's sample; `file` is the sample file, when it is one. */
  | { kind: 'sample'; values: Record<string, unknown>; file?: string }
  /** A template with no sample: only defaults. */
  | { kind: 'none' }
  /** A row the user chose from a dataset. */
  | { kind: 'row'; values: Record<string, unknown>; file: string; index: number; line: number }
  /** The sample file or the dataset row could not be read. */
  | { kind: 'unreadable'; error: unknown };

export interface PromptPreviewInput {
  template: PromptTemplate;
  vars: PreviewVars;
  trust: RenderOptions['trust'];
  /** How files are named for people (workspace-relative). */
  displayPath: (file: string) => string;
}

export interface PromptPreview {
  /** The document's markdown. */
  text: string;
  /** What stopped the render, where it is; absent when it rendered. */
  problem?: LocatedProblem;
  /** Jinja2 refused in Restricted Mode: the editor offers to manage trust. */
  refusal?: TemplateTrustError;
}

export function promptPreview({ template, vars, trust, displayPath }: PromptPreviewInput): PromptPreview {
  const header = headerLines(template, vars, displayPath).join('\n');
  const values = vars.kind === 'sample' || vars.kind === 'row' ? vars.values : {};
  try {
    if (vars.kind === 'unreadable') throw vars.error;
    const result = compileTemplate(template).render(values, { trust });
    return { text: `${header}\n\n${renderedMarkdown(result)}\n` };
  } catch (error) {
    const text = `${header}\n\n${notRenderedMarkdown(error, displayPath)}\n`;
    return {
      text,
      ...(isLocated(error) ? { problem: locatedOf(error) } : {}),
      ...(error instanceof TemplateTrustError ? { refusal: error } : {}),
    };
  }
}

function headerLines(template: PromptTemplate, vars: PreviewVars, displayPath: (file: string) => string): string[] {
  const lines = [`# Preview: ${displayPath(template.file)}`, ''];
  if (template.kind === 'prompty' && template.name !== undefined) lines.push(`- Name: ${template.name}`);
  lines.push(`- Engine: ${template.engine === 'mustache' ? 'mustache' : 'Jinja2'}${template.kind === 'plain' ? ' (a plain template: one text, role markers are text)' : ''}`);
  lines.push(...variableLines(template, vars, displayPath));
  if (template.kind === 'prompty') {
    const parameters = Object.entries(template.model.parameters).map(([key, value]) => `${key} ${shortValue(value, 40)}`);
    lines.push(`- Parameters: ${parameters.length === 0 ? 'none in the frontmatter' : parameters.join(', ')}`);
    if (template.model.modelHint !== undefined) lines.push(`- Model (from the frontmatter): ${template.model.modelHint}`);
  }
  return lines;
}

function variableLines(template: PromptTemplate, vars: PreviewVars, displayPath: (file: string) => string): string[] {
  const source = (() => {
    switch (vars.kind) {
      case 'sample':
        return vars.file === undefined ? 'the sample in the frontmatter' : `the sample in ${displayPath(vars.file)}`;
      case 'none':
        return template.kind === 'prompty' ? 'none (the file has no `sample`); use a test row' : 'none given; use a test row';
      case 'row':
        return `row ${vars.index + 1} of ${displayPath(vars.file)} (line ${vars.line})`;
      case 'unreadable':
        return 'could not be read (below)';
    }
  })();
  const given = vars.kind === 'sample' || vars.kind === 'row' ? vars.values : {};
  const defaults = template.kind === 'prompty' ? template.inputs.filter((input) => input.hasDefault && !Object.hasOwn(given, input.name)) : [];
  const values = [
    ...Object.entries(given).map(([name, value]) => `  - ${name}: ${shortValue(value)}`),
    ...defaults.map((input) => `  - ${input.name}: ${shortValue(input.default)} (default)`),
  ];
  return [`- Variables: ${source}`, ...values];
}

function locatedOf(error: LocatedProblem): LocatedProblem {
  return { file: error.file, line: error.line, ...(error.column !== undefined ? { column: error.column } : {}), detail: error.detail };
}
