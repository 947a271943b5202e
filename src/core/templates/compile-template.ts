// One entry point for every template: compile once (parse, check, build the render function), then render
// each cell cheaply. A render checks the trust rule, fills in the inputs' defaults, checks that every
// variable the template needs has a value, renders with values marked as data, and splits a .prompty's
// output into messages.

import { hasOwn } from '../prompts/validation';
import type { EngineProgram } from './engine-program';
import { prepareJinja } from './jinja-engine';
import { prepareMustache } from './mustache-engine';
import { splitMessages } from './split-messages';
import { byPosition, problem, TemplateError, TemplateTrustError, UndefinedVariableError, type TemplateProblem } from './template-error';
import type { DeclaredVariable, PromptTemplate, RenderOptions, RenderResult, VariableUse } from './types';
import { plainText, protectValues } from './value-spans';

export interface CompiledTemplate {
  readonly template: PromptTemplate;
  /** The variables the template uses, in order of first use. */
  readonly variables: readonly VariableUse[];
  render(vars: Record<string, unknown>, options: RenderOptions): RenderResult;
}

const programs = new WeakMap<PromptTemplate, EngineProgram>();
const compiled = new WeakMap<PromptTemplate, CompiledTemplate>();

function programOf(template: PromptTemplate): EngineProgram {
  let program = programs.get(template);
  if (program === undefined) {
    program = template.engine === 'mustache' ? prepareMustache(template) : prepareJinja(template);
    programs.set(template, program);
  }
  return program;
}

/** Throws the template's first error (frontmatter, syntax, loaders, role markers); see checkTemplate for all. */
export function compileTemplate(template: PromptTemplate): CompiledTemplate {
  const known = compiled.get(template);
  if (known !== undefined) return known;
  const program = programOf(template);
  const errors = [...program.errors];
  const frontmatterError = template.kind === 'prompty' ? template.problems.find((item) => item.severity === 'error') : undefined;
  if (frontmatterError !== undefined) errors.push(new TemplateError(frontmatterError, frontmatterError.detail));
  const first = errors.sort(byPosition)[0];
  if (first !== undefined) throw first;
  const result = new Compiled(template, program);
  compiled.set(template, result);
  return result;
}

/** compileTemplate (done once per template object: treat templates as immutable) and render. */
export function renderTemplate(template: PromptTemplate, vars: Record<string, unknown>, options: RenderOptions): RenderResult {
  return compileTemplate(template).render(vars, options);
}

/** Every problem of the template, without rendering: for diagnostics while the file is typed. */
export function checkTemplate(template: PromptTemplate): TemplateProblem[] {
  const problems = template.kind === 'prompty' ? [...template.problems] : [];
  const program = programOf(template);
  problems.push(...program.errors.map((error) => error.toProblem()));
  if (template.kind === 'prompty') problems.push(...undeclared(template, program.variables));
  return problems.sort(byPosition);
}

export function declaredVariables(template: PromptTemplate): DeclaredVariable[] {
  if (template.kind !== 'prompty') return [];
  return template.inputs.map(({ name, type, description, hasDefault, line, ...rest }) => ({
    name,
    ...(type === undefined ? {} : { type }),
    ...(description === undefined ? {} : { description }),
    ...(hasDefault ? { default: rest.default } : {}),
    hasDefault,
    line,
  }));
}

export function referencedVariables(template: PromptTemplate): VariableUse[] {
  return [...programOf(template).variables].sort(byPosition);
}

/** When a .prompty declares its inputs (or an inline sample), a variable it uses outside them is likely a typo. */
function undeclared(template: PromptTemplate & { kind: 'prompty' }, variables: readonly VariableUse[]): TemplateProblem[] {
  const inline = template.sample?.kind === 'inline' ? Object.keys(template.sample.values) : [];
  if (template.inputs.length === 0 && inline.length === 0) return [];
  const declared = new Set([...template.inputs.map((input) => input.name), ...inline]);
  return variables
    .filter((variable) => !variable.optional && !declared.has(variable.name))
    .map((variable) => problem('warning', { file: template.file, ...variable }, `\`${variable.name}\` is used but not declared under inputs`));
}

class Compiled implements CompiledTemplate {
  readonly variables: readonly VariableUse[];
  private readonly required: readonly VariableUse[];
  private readonly defaults: Record<string, unknown>;

  constructor(
    readonly template: PromptTemplate,
    private readonly program: EngineProgram,
  ) {
    this.variables = [...program.variables].sort(byPosition);
    this.required = this.variables.filter((variable) => !variable.optional);
    const inputs = template.kind === 'prompty' ? template.inputs.filter((input) => input.hasDefault) : [];
    this.defaults = Object.fromEntries(inputs.map((input) => [input.name, input.default]));
  }

  render(vars: Record<string, unknown>, options: RenderOptions): RenderResult {
    const template = this.template;
    // Text with no Jinja2 tag at all runs nothing when rendered: it is allowed anywhere.
    if (template.engine === 'jinja2' && options.trust !== 'trusted' && /\{[{%#]/.test(template.body)) {
      throw new TemplateTrustError({ file: template.file, line: template.kind === 'prompty' ? 1 : template.bodyStartLine });
    }
    const values = template.kind === 'prompty' && template.inputs.length > 0 ? { ...this.defaults, ...vars } : vars;
    const required = options.undefinedAsEmpty ? [] : this.required;
    for (const variable of required) {
      if (!hasOwn(values, variable.name) || values[variable.name] === undefined) throw this.undefinedError(variable, values);
    }
    const rendered = this.program.render(protectValues(values));
    if (template.kind === 'prompty') return { kind: 'messages', messages: splitMessages(rendered, template) };
    return { kind: 'text', text: plainText(rendered) };
  }

  private undefinedError(variable: VariableUse, values: Record<string, unknown>): UndefinedVariableError {
    const defined = Object.keys(values)
      .filter((name) => values[name] !== undefined)
      .sort();
    const list = defined.length === 0 ? 'no variables are defined' : `defined: ${defined.join(', ')}`;
    const { line, column } = variable;
    return new UndefinedVariableError({ file: this.template.file, line, column }, `\`${variable.name}\` is not defined; ${list}`, variable.name);
  }
}
