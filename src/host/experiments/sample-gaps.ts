// Undefined at use, found while typing without rendering anything: a variable the template needs that its
// sample does not give and no input defaults. Rendering the sample would stop there (Preview, Run with
// Sample, Chat), so the editor says so at the variable's first use.

import { referencedVariables, type PromptyFile } from '../../core/templates';
import type { ProblemAt } from './diagnostic-data';

/** `sampleName` names the sample in the message: "the sample" or its file. */
export function sampleGaps(template: PromptyFile, sample: Record<string, unknown>, sampleName: string): ProblemAt[] {
  const defaults = new Set(template.inputs.filter((input) => input.hasDefault).map((input) => input.name));
  return referencedVariables(template)
    .filter((variable) => !variable.optional && !defaults.has(variable.name) && (!Object.hasOwn(sample, variable.name) || sample[variable.name] === undefined))
    .map((variable) => ({
      line: variable.line,
      ...(variable.column !== undefined ? { column: variable.column } : {}),
      severity: 'warning' as const,
      detail: `\`${variable.name}\` has no value in ${sampleName} and no default: rendering the sample (Preview, Run with Sample, Chat) stops here`,
    }));
}
