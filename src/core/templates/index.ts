// Prompt templates: .prompty files (Prompty's format) and plain templates, rendered with Jinja2 semantics
// (nunjucks) or mustache. Values are data, never template; Jinja2 renders only in trusted workspaces. Every
// problem names the file, line and (when known) column.

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
export { loadSample } from './prompty-sample';
export {
  TemplateError,
  TemplateTrustError,
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
