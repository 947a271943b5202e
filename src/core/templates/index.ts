// Prompt templates: .prompty files (Prompty's format) and plain templates, rendered with Jinja2 semantics
// (nunjucks) or mustache. Every problem names the file, line and (when known) column.
//
// The rules, where Prompty, Jinja2 or the brief left a choice:
// - A .prompty renders whole, then splits at role markers (as Prompty does), so a loop can write a
//   conversation; only the template's own text makes a marker: a value never does (value-spans.ts).
//   Text before the first marker, and so a body with no marker, is a system message (as Prompty makes it).
//   Messages that render empty are dropped. A plain template renders to text; its marker lines stay text.
// - Variables a template needs must have a value (an input's default counts; the sample does not: pass it
//   for a preview). A missing attribute of a defined value renders empty, as in Jinja2; `is defined` and
//   `| default(...)` make a variable optional. In mustache, names inside a section may be the item's fields
//   and are not checked.
// - Values render as nunjucks renders them (true/false, null as empty), lists and objects as JSON; `tojson`
//   is JSON.stringify (no HTML escaping, keys in their order, `tojson(2)` indents).
// - Jinja2 runs only when the caller says the workspace is trusted; mustache always.

export {
  checkTemplate,
  compileTemplate,
  declaredVariables,
  referencedVariables,
  renderTemplate,
  type CompiledTemplate,
} from './compile-template';
export { parsePrompty } from './parse-prompty';
export { plainTemplate } from './plain-template';
export { loadParameters } from './prompty-model';
export { loadSample } from './prompty-sample';
export {
  TemplateError,
  TemplateTrustError,
  UndefinedVariableError,
  type ProblemSeverity,
  type TemplateLocation,
  type TemplateProblem,
} from './template-error';
export type {
  ChatRole,
  DeclaredVariable,
  PlainTemplate,
  PromptTemplate,
  PromptyFile,
  PromptyInput,
  PromptyModel,
  PromptySample,
  RenderedMessage,
  RenderOptions,
  RenderResult,
  TemplateEngine,
  TemplateSource,
  VariableUse,
} from './types';
