// The batch-level settings of a GenerateRequest-shaped document (protocol §1.1). The server ignores
// unknown top-level keys, so a misspelt "max_token" would silently do nothing: here it is an error.

import { describeValue } from './describe-value';
import type { BatchDefaults } from './prompt-types';

export const generateRequestKeys = ['prompts', 'model', 'max_tokens', 'temperature', 'tools', 'tool_choice'];

/** A problem with one top-level key: with the key itself (unknown) or with its value. */
export interface KeyProblem {
  key: string;
  problem: string;
  atKey: boolean;
}

export interface BatchDefaultsCheck {
  defaults: BatchDefaults;
  problems: KeyProblem[];
  /** Settings that are accepted but, on current servers, have no effect. */
  warning?: string;
}

/** Reads every top-level key except `prompts`, which the document parser handles. */
export function readBatchDefaults(request: Record<string, unknown>): BatchDefaultsCheck {
  const defaults: BatchDefaults = {};
  const problems: KeyProblem[] = [];
  const valueProblem = (key: string, expected: string) =>
    problems.push({ key, problem: `"${key}" must be ${expected}; got ${describeValue(request[key])}`, atKey: false });

  for (const [key, value] of Object.entries(request)) {
    switch (key) {
      case 'prompts':
        break;
      case 'model':
        // null means the deployment's default model, exactly as if the key were absent.
        if (typeof value === 'string' && value !== '') defaults.model = value;
        else if (value !== null) valueProblem(key, 'a model name (a non-empty string) or null');
        break;
      case 'max_tokens':
        // Not null: the server reads an explicit null as 128 but an absent key as 16 (protocol §1.1).
        if (Number.isInteger(value) && (value as number) > 0) defaults.max_tokens = value as number;
        else valueProblem(key, 'a positive integer (leave the key out for the server default of 16)');
        break;
      case 'temperature':
        if (typeof value === 'number' && value >= 0) defaults.temperature = value;
        else if (value !== null) valueProblem(key, 'a number, 0 or more');
        break;
      case 'tools':
        if (Array.isArray(value)) defaults.tools = value;
        else if (value !== null) valueProblem(key, 'an array of tool definitions');
        break;
      case 'tool_choice':
        if (typeof value === 'string' || (typeof value === 'object' && value !== null && !Array.isArray(value))) {
          defaults.tool_choice = value as string | Record<string, unknown>;
        } else if (value !== null) valueProblem(key, 'a string such as "auto", or an object');
        break;
      default:
        problems.push({ key, problem: `unknown key ${JSON.stringify(key)}; allowed keys: ${generateRequestKeys.join(', ')}`, atKey: true });
    }
  }
  return { defaults, problems, warning: unappliedSettingsWarning(defaults) };
}

/**
 * Protocol §1.2: temperature, tools and tool_choice never reach the worker; every completion is greedy
 * (so a temperature of 0 asks for what happens anyway).
 */
function unappliedSettingsWarning(defaults: BatchDefaults): string | undefined {
  const unapplied = (['temperature', 'tools', 'tool_choice'] as const).filter(
    (key) => defaults[key] !== undefined && !(key === 'temperature' && defaults.temperature === 0),
  );
  if (unapplied.length === 0) return undefined;
  return `${unapplied.map((key) => `"${key}"`).join(', ')} will be sent, but current ScalarLM servers do not apply them on /v1/generate (completions are greedy, without tools)`;
}
