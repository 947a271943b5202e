// scalarlm-lab render FILE.prompty [--vars JSON | --row N --dataset FILE]: what a prompt file sends, rendered
// here with its sample, given vars, or a dataset row: the messages, as role-marked text (or JSON with --json,
// or the whole chat request with --request). The reader's notes on the file go to stderr. A variable with no
// value is refused, and what Prompty would have sent (the variable empty) is printed beside the refusal.
// Given an experiment file (a promptfoo config), every cell it would send (render-experiment.ts).

import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { datasetRow } from '../../core/datasets';
import { guardedRead, UNCONFINED } from '../../core/files/file-access';
import { promptyNotes } from '../../core/experiments/experiment-prompts';
import { readTextFile } from '../../core/prompts/text';
import { loadParameters, loadSample, parsePrompty, plainTemplate, renderTemplate, UndefinedVariableError, type PromptTemplate, type RenderResult } from '../../core/templates';
import { numberOption, stringOption, UsageError, type Command } from '../command';
import { json } from '../format';
import { givenFileStat } from '../input-spool';
import { EXIT } from '../io';
import { isExperimentConfig } from '../../core/experiments/config';
import { renderExperiment } from './render-experiment';

export const renderCommand: Command = {
  name: 'render',
  summary:
    'Print what a prompt file sends: a .prompty (or a .txt/.md template) rendered with its sample, --vars, or a dataset row.\n' +
    'Messages print as role-marked text (system:, user:, assistant:); --json prints them as JSON, --request the chat\n' +
    "request body (the messages and every model.parameters entry). A variable with no value exits 2, after printing\n" +
    'what Prompty would have sent (the variable empty).\n' +
    'Given an experiment file (a promptfoo config), print every cell it would send, test by test, with its assertions\n' +
    '(--json: a list of {test, prompt, label, vars, sent, assert}); its warnings go to stderr. Nothing is sent.',
  usage: 'FILE [--vars JSON | --row N --dataset FILE] [options]',
  options: {
    vars: { type: 'string', valueName: 'JSON', description: 'The variables, as a JSON object (instead of the sample)' },
    dataset: { type: 'string', valueName: 'FILE', description: 'A CSV, JSONL, JSON or YAML file of rows' },
    row: { type: 'string', valueName: 'N', description: 'The dataset row to use, from 1 (default 1)' },
    request: { type: 'boolean', description: 'Print the request body: {messages, ...model.parameters} (a plain template: {prompt})' },
  },
  async run(args, io) {
    const [file] = args.positionals;
    if (!file || args.positionals.length > 1) throw new UsageError('Give exactly one prompt FILE (.prompty, .txt or .md).');
    const path = resolve(io.cwd ?? process.cwd(), file);
    givenFileStat(path, file, 'prompt file');
    // Refused at file:line when it is not text, as eval refuses it.
    const text = await readTextFile(path, file);
    if (/\.(ya?ml|json)$/i.test(file) && isExperimentConfig(text)) {
      if (args.values.vars !== undefined || args.values.dataset !== undefined || args.values.row !== undefined) throw new UsageError('An experiment file renders with its own tests: --vars, --dataset and --row are for a prompt file.');
      return renderExperiment(path, args.values.json === true, io);
    }
    const template = /\.prompty$/i.test(file) ? parsePrompty(text, file) : plainTemplate(text, file);
    // The reader names the files a .prompty refers to by joining them to `file`, relative to the cwd as it is.
    // The CLI reads what the user's own files name, wherever it is (as Prompty does).
    const besideIt = guardedRead(UNCONFINED, (joined) => readFile(resolve(io.cwd ?? process.cwd(), joined), 'utf8'));
    if (template.kind === 'prompty') for (const note of promptyNotes(template)) io.stderr.write(`${note}\n`);
    const vars = await varsFor(args, template.kind === 'prompty' ? () => loadSample(template, besideIt) : async () => undefined);
    const parameters = template.kind === 'prompty' ? await loadParameters(template, besideIt) : {};
    const print = (result: RenderResult) => io.stdout.write(output(result, parameters, args.values));
    try {
      // The CLI renders the user's own files: Jinja2 templates are trusted here.
      print(renderTemplate(template, vars, { trust: 'trusted' }));
      return EXIT.ok;
    } catch (error) {
      if (!(error instanceof UndefinedVariableError)) throw error;
      io.stderr.write(`${error.message}; give it a value with --vars, in the sample, or as a column of --dataset\n`);
      io.stderr.write(`${whatPromptySends(template)}, with undefined variables empty, is on stdout; nothing here sends it.\n`);
      print(renderTemplate(template, vars, { trust: 'trusted', undefinedAsEmpty: true }));
      return EXIT.usage;
    }
  },
};

function whatPromptySends(template: PromptTemplate): string {
  return template.kind === 'prompty' ? "What Prompty's runtime would send" : 'What the template renders to';
}

function output(result: RenderResult, parameters: Record<string, unknown>, flags: Record<string, unknown>): string {
  if (flags.request) return json(result.kind === 'messages' ? { messages: result.messages, ...parameters } : { prompt: result.text, ...parameters });
  if (flags.json) return json(result.kind === 'messages' ? result.messages : { text: result.text });
  return asText(result);
}

async function varsFor(args: Parameters<Command['run']>[0], sample: () => Promise<Record<string, unknown> | undefined>): Promise<Record<string, unknown>> {
  const given = stringOption(args, 'vars');
  const dataset = stringOption(args, 'dataset');
  const row = numberOption(args, 'row', { integer: true, min: 1 });
  if (given !== undefined && dataset !== undefined) throw new UsageError('Give --vars or --dataset, not both.');
  if (row !== undefined && dataset === undefined) throw new UsageError('--row needs --dataset FILE.');
  if (given !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(given);
    } catch (error) {
      throw new UsageError(`--vars is not JSON: ${(error as Error).message}.`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new UsageError('--vars must be a JSON object of variable values, such as {"name": "Ada"}.');
    return parsed as Record<string, unknown>;
  }
  if (dataset !== undefined) {
    const found = await datasetRow(dataset, (row ?? 1) - 1, { displayName: dataset });
    if (!found) throw new UsageError(`${dataset} has no row ${row ?? 1}.`);
    return found.vars;
  }
  return (await sample()) ?? {};
}

function asText(result: RenderResult): string {
  if (result.kind === 'text') return result.text.endsWith('\n') ? result.text : `${result.text}\n`;
  return result.messages.map((m) => `${m.name === undefined ? m.role : `${m.role}[name="${m.name}"]`}:\n${m.content}\n`).join('\n');
}
