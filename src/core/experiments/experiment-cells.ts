// An experiment as cells (prompt x provider x test x repeat), rendered on the client into what is sent, in the
// order that keeps queue submissions few and stable:
// - columns on the batch queue first, by model and max_tokens (one request carries one of each), then the
//   chat columns (one completion per cell);
// - within a column, tests in order, cut into groups where the content says (a boundary after a cell whose
//   hash says so, within a minimum and a maximum size): editing one prompt changes only its columns' groups,
//   and editing, adding or removing a test row changes only the group it falls in; the rest are the same
//   batches, which the server already holds and hands back without anything being sent.

import { createHash } from 'node:crypto';
import type { PromptEntry } from '../api/types';
import { promptChars } from '../prompts/sources';
import type { BatchParams, ChatSampling } from '../runs/ledger-schema';
import type { Transport } from '../../protocol/transport';
import type { BatchInput } from '../batch/types';
import { TemplateError, TemplateTrustError, UndefinedVariableError, type RenderResult } from '../templates';
import { providerRuns, readAssertions, type TestCase } from './config';
import type { ExperimentPrompt } from './experiment-prompts';
import type { TestText } from './promptfoo-render';
import type { ExperimentSpec } from './experiment-spec';
import { promptOptions } from './prompt-parameters';

export interface ExperimentColumn {
  index: number;
  prompt: ExperimentPrompt;
  providerLabel: string;
  providerKey: string;
  /** The model asked for; undefined only when the deployment's default could not be read. */
  model?: string;
  /** One object per column: the runner groups consecutive cells that share it. */
  params: BatchParams & ChatSampling;
  transport: Transport;
}

export interface ColumnDefaults {
  /** The deployment's default model, for providers that name none. */
  defaultModel?: string;
  /** Below the provider's config and the prompt's own parameters (the editor's scalarlm.maxTokens). */
  maxTokens: number;
}

/** Columns prompt by prompt, each prompt on every provider; and what the user should know about them. */
export function experimentColumns(spec: ExperimentSpec, defaults: ColumnDefaults): { columns: ExperimentColumn[]; warnings: string[] } {
  const columns: ExperimentColumn[] = [];
  const warnings: string[] = [];
  for (const prompt of spec.prompts) {
    for (const provider of spec.providers) {
      if (!providerRuns(provider, prompt)) continue;
      const own = prompt.parameters;
      const config = provider.config;
      const temperature = config.temperature ?? numberOf(own.temperature);
      const topP = config.top_p ?? numberOf(own.top_p);
      const stop = config.stop ?? stopOf(own.stop);
      const model = provider.model ?? defaults.defaultModel;
      const extra = promptOptions(own);
      const transport: Transport = config.transport ?? ((temperature ?? 0) > 0 || spec.repeat > 1 || extra.chatOnly.length > 0 ? 'chat' : 'batch');
      const chat = transport === 'chat';
      const params: BatchParams & ChatSampling = {
        ...(model ? { model } : {}),
        max_tokens: config.max_tokens ?? positiveInteger(own.max_tokens) ?? defaults.maxTokens,
        ...(temperature !== undefined ? { temperature } : {}),
        ...(chat && topP !== undefined ? { top_p: topP } : {}),
        ...(chat && stop !== undefined ? { stop } : {}),
        ...(chat && extra.tools !== undefined ? { tools: extra.tools } : {}),
        ...(chat && extra.tool_choice !== undefined ? { tool_choice: extra.tool_choice } : {}),
        ...(chat && extra.options !== undefined ? { options: extra.options } : {}),
      };
      const label = `${prompt.label} × ${provider.label ?? provider.id}`;
      if (!chat && extra.chatOnly.length > 0) warnings.push(`${label}: ${extra.chatOnly.join(', ')} (${prompt.file}, model.parameters) ${extra.chatOnly.length === 1 ? 'is' : 'are'} not applied on the batch queue (transport: chat sends them).`);
      if (transport === 'batch' && (temperature ?? 0) > 0) warnings.push(`${label}: temperature ${temperature} on the batch queue, which decodes greedily: the answers will be greedy (transport: chat samples).`);
      if (transport === 'batch' && (topP !== undefined || stop !== undefined)) warnings.push(`${label}: top_p and stop are not applied on the batch queue.`);
      if (transport === 'batch' && model === 'latest') warnings.push(`${label}: the server resolves "latest" itself, so its groups cannot be looked up before they are sent: a re-run sends them again (the server answers from what it stored). Name the adaptor instead to avoid that.`);
      columns.push({ index: columns.length, prompt, providerLabel: provider.label ?? provider.id, providerKey: provider.key, ...(model ? { model } : {}), params, transport });
    }
  }
  return { columns, warnings };
}

export interface CellOptions {
  trust: 'trusted' | 'restricted';
  /** The largest batch group (the protocol advises at most 128). */
  maxGroup: number;
  /**
   * Only these cells (`cellKey`s), each a group of its own: a rerun of failed cells. Alone, a cell is a batch
   * the server has not seen (the server answers a batch it has seen from what it stored, errors included).
   */
  only?: ReadonlySet<string>;
}

/** A cell's name in a set of cells: column, test and repeat. */
export function cellKey(column: number, test: number, repeat: number): string {
  return `${column}:${test}:${repeat}`;
}

/** Every cell in sending order; throws the TemplateError of the first cell that cannot render. */
export async function* experimentCells(spec: ExperimentSpec, columns: readonly ExperimentColumn[], options: CellOptions): AsyncGenerator<BatchInput> {
  for (const column of sendingOrder(columns)) {
    const chunker = new ContentChunker(options.maxGroup);
    let first = true;
    for await (const tests of spec.testBatches()) {
      for (const test of tests) {
        const wanted = (repeat: number) => !options.only || options.only.has(cellKey(column.index, test.index, repeat));
        if (options.only && !Array.from({ length: spec.repeat }, (_, r) => wanted(r)).some(Boolean)) continue;
        const entry = entryOf(column.prompt.render(test.vars, { trust: options.trust }, testText(test)));
        for (let repeat = 0; repeat < spec.repeat; repeat++) {
          if (!wanted(repeat)) continue;
          const breakBefore = first || options.only !== undefined || chunker.startsGroup();
          first = false;
          if (column.transport === 'batch') chunker.add(entry);
          yield { entry, params: column.params, transport: column.transport, breakBefore, cell: [column.index, test.index, repeat] };
        }
      }
    }
  }
}

/** A problem at its place in a file: a template's, or an assertion's that cannot run. */
export interface LocatedProblem {
  file: string;
  line: number;
  column?: number;
  detail: string;
  message: string;
  /** Refused only because the workspace is not trusted (an assertion value's template in Restricted Mode). */
  needsTrust?: boolean;
}

export class ExperimentProblems extends Error {
  constructor(
    readonly problems: readonly LocatedProblem[],
    readonly total: number,
  ) {
    const more = total - problems.length;
    super([...problems.map((p) => p.message), ...(more > 0 ? [`... and ${more} more.`] : []), 'Nothing was sent: fix the templates, tests or assertions and run again.'].join('\n'));
  }
}

/**
 * Renders every cell once, sending nothing, and counts them: nothing is sent while any cell fails to render or
 * any assertion cannot run (an unknown type, a bad regex or schema). Each problem is named once (a prompt's is
 * the same for every provider). A refusal to render Jinja2 in Restricted Mode is thrown as it is.
 */
/** The longest rendered prompt of an experiment, at the test it was rendered for (checked against the model's context). */
export interface LongestCell {
  file: string;
  line: number;
  chars: number;
}

export async function checkCells(spec: ExperimentSpec, columns: readonly ExperimentColumn[], trust: CellOptions['trust'], maxProblems = 20, longest?: { cell?: LongestCell }): Promise<number> {
  const seen = new Set<string>();
  const problems: LocatedProblem[] = [];
  const note = (key: string, problem: LocatedProblem) => {
    if (seen.has(key)) return;
    seen.add(key);
    total++;
    if (problems.length < maxProblems) problems.push(problem);
  };
  let total = 0;
  let cells = 0;
  const prompts = [...new Set(columns.map((column) => column.prompt))];
  for await (const tests of spec.testBatches()) {
    for (const test of tests) {
      for (const prompt of prompts) {
        try {
          const chars = promptChars(entryOf(prompt.render(test.vars, { trust }, testText(test))));
          if (longest && chars > (longest.cell?.chars ?? -1)) longest.cell = { file: test.source.file, line: test.source.line, chars };
        } catch (error) {
          if (error instanceof TemplateTrustError || !(error instanceof TemplateError)) throw error;
          note(`${prompt.key}\0${error.message}`, forTest(error, test));
        }
      }
      for (const problem of readAssertions(test.assert, { vars: test.vars, trust }, test.options).problems) note(problem.message, problem);
      cells += columns.length * spec.repeat;
    }
  }
  if (total > 0) throw new ExperimentProblems(problems, total);
  return cells;
}

/** A test's `prefix` and `suffix` options (promptfoo's), put round a text prompt. */
export function testText(test: TestCase): TestText {
  const { prefix, suffix } = test.options;
  return { ...(typeof prefix === 'string' ? { prefix } : {}), ...(typeof suffix === 'string' ? { suffix } : {}) };
}

/** The message says which test the cell belongs to, where the test is written, and how to give a missing value. */
function forTest(error: TemplateError, test: TestCase): TemplateError {
  const which = test.description ? `test "${test.description}"` : `test ${test.index + 1}`;
  const hint = error instanceof UndefinedVariableError ? `; give \`${error.variable}\` a value: a var of the test (or a column of its dataset), the .prompty's sample, or a default under its inputs` : '';
  return new TemplateError({ file: error.file, line: error.line, ...(error.column !== undefined ? { column: error.column } : {}) }, `${error.detail} (${which}, ${test.source.file}:${test.source.line})${hint}`);
}

function sendingOrder(columns: readonly ExperimentColumn[]): ExperimentColumn[] {
  const rank = (c: ExperimentColumn) => [c.transport === 'batch' ? 0 : 1, c.model ?? '', c.params.max_tokens, c.index] as const;
  return [...columns].sort((a, b) => {
    const [x, y] = [rank(a), rank(b)];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
    return 0;
  });
}

function entryOf(result: RenderResult): PromptEntry {
  return result.kind === 'text' ? result.text : { messages: result.messages.map(({ role, name, content }) => ({ role, ...(name !== undefined ? { name } : {}), content })) };
}

/** Content-defined group boundaries: after a cell whose hash ends in four zero bits, between 4 and `max` cells. */
class ContentChunker {
  private static readonly MIN = 4;
  private size = 0;
  private cutAfterLast = false;

  constructor(private readonly max: number) {}

  startsGroup(): boolean {
    if (!this.cutAfterLast) return false;
    this.size = 0;
    this.cutAfterLast = false;
    return true;
  }

  add(entry: PromptEntry): void {
    this.size++;
    const byte = createHash('sha1').update(typeof entry === 'string' ? entry : JSON.stringify(entry)).digest()[0];
    this.cutAfterLast = this.size >= this.max || (this.size >= ContentChunker.MIN && (byte & 0x0f) === 0);
  }
}

function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function positiveInteger(value: unknown): number | undefined {
  return Number.isInteger(value) && (value as number) > 0 ? (value as number) : undefined;
}

function stopOf(value: unknown): string[] | undefined {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined;
}
