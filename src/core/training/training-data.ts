// Training data as the server trains on it (training.md §2.1): JSON lines of `{"input": str, "output": str}`.
// Everything is checked before anything is sent; a bad line is named as file:line. Lines are written back
// in one canonical spelling, so the same examples always make the same archive, whatever the file's spacing.

import { DatasetError } from '../datasets';

export interface TrainingExample {
  input: string;
  output: string;
}

/** A training file that cannot be sent: the message starts with file:line. */
export class TrainingDataError extends DatasetError {
  constructor(file: string, line: number, detail: string) {
    super({ file, line }, detail);
    this.name = 'TrainingDataError';
  }
}

/** The examples of a JSONL file's text; blank lines are skipped. */
export function parseTrainingData(text: string, file: string): TrainingExample[] {
  const examples: TrainingExample[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    examples.push(parseLine(line, file, i + 1));
  });
  if (examples.length === 0) {
    throw new TrainingDataError(file, 1, 'the file has no training examples; write one JSON object per line: {"input": "...", "output": "..."}');
  }
  return examples;
}

function parseLine(line: string, file: string, lineNumber: number): TrainingExample {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    throw new TrainingDataError(file, lineNumber, `not valid JSON (${(error as Error).message}); each line is one object {"input": "...", "output": "..."}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new TrainingDataError(file, lineNumber, `a line must be a JSON object {"input": "...", "output": "..."}, not ${describe(value)}`);
  }
  const record = value as Record<string, unknown>;
  for (const key of ['input', 'output'] as const) {
    if (!(key in record)) throw new TrainingDataError(file, lineNumber, `the object has no "${key}"; each line needs "input" and "output" strings`);
    if (typeof record[key] !== 'string') throw new TrainingDataError(file, lineNumber, `"${key}" must be a string, not ${describe(record[key])}`);
  }
  const extra = Object.keys(record).filter((key) => key !== 'input' && key !== 'output');
  if (extra.length > 0) {
    throw new TrainingDataError(file, lineNumber, `unknown key${extra.length > 1 ? 's' : ''} ${extra.map((k) => `"${k}"`).join(', ')}: the trainer reads only "input" and "output", so the rest would be lost silently`);
  }
  return { input: record.input as string, output: record.output as string };
}

/** dataset.jsonlines: one canonical line per example. */
export function datasetJsonLines(examples: readonly TrainingExample[]): Buffer {
  return Buffer.from(examples.map(({ input, output }) => `${JSON.stringify({ input, output })}\n`).join(''), 'utf8');
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
