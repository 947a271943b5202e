// What each template engine hands the shared compile step: the variables the template needs, the problems
// that stop it from rendering, and a render function that marks every value it outputs (see value-spans.ts).

import type { TemplateError } from './template-error';
import type { VariableUse } from './types';

export interface EngineProgram {
  variables: VariableUse[];
  /** Syntax errors, loaders, unknown filters, misspelt role markers: the template cannot render. */
  errors: TemplateError[];
  /** `vars` are protected (protectValues); the result carries value spans. */
  render(vars: Record<string, unknown>): string;
}

/** The render of a program with errors: compileTemplate throws the errors first, so this is never reached. */
export function unrenderable(): never {
  throw new Error('a template with errors cannot be rendered');
}
