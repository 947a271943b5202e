// scalarlm-lab render FILE.prompty [--vars JSON | --row N --dataset FILE]: what a prompt file sends, rendered
// here with its sample, given vars, or a dataset row: the messages, as role-marked text (or JSON with --json).
// Given an experiment file (a promptfoo config), every cell it would send (render-experiment.ts).

import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { datasetRow } from '../../core/datasets';
import { loadSample, parsePrompty, plainTemplate, renderTemplate, type RenderResult } from '../../core/templates';
import { numberOption, stringOption, UsageError, type Command } from '../command';
import { json } from '../format';
import { EXIT } from '../io';
import { isExperimentConfig } from '../../core/experiments/config';
import { renderExperiment } from './render-experiment';

export const renderCommand: Command = {
  name: 'render',
  summary:
    'Print what a prompt file sends: a .prompty (or a .txt/.md template) rendered with its sample, --vars, or a dataset row.\n' +
    'Messages print as role-marked text (system:, user:, assistant:); --json prints them as JSON.\n' +
    'Given an experiment file (a promptfoo config), print every cell it would send, test by test, with its assertions\n' +
    '(--json: a list of {test, prompt, label, vars, sent, assert}); its warnings go to stderr. Nothing is sent.',
  usage: 'FILE [--vars JSON | --row N --dataset FILE] [options]',
  options: {
    vars: { type: 'string', valueName: 'JSON', description: 'The variables, as a JSON object (instead of the sample)' },
    dataset: { type: 'string', valueName: 'FILE', description: 'A CSV, JSONL, JSON or YAML file of rows' },
    row: { type: 'string', valueName: 'N', description: 'The dataset row to use, from 1 (default 1)' },
  },
  async run(args, io) {
    const [file] = args.positionals;
    if (!file || args.positionals.length > 1) throw new UsageError('Give exactly one prompt FILE (.prompty, .txt or .md).');
    const path = resolve(io.cwd ?? process.cwd(), file);
    const text = await readFile(path, 'utf8').catch(() => {
      throw new UsageError(`There is no prompt file ${file}.`);
    });
    if (/\.(ya?ml|json)$/i.test(file) && isExperimentConfig(text)) {
      if (args.values.vars !== undefined || args.values.dataset !== undefined || args.values.row !== undefined) throw new UsageError('An experiment file renders with its own tests: --vars, --dataset and --row are for a prompt file.');
      return renderExperiment(path, args.values.json === true, io);
    }
    const template = /\.prompty$/i.test(file) ? parsePrompty(text, file) : plainTemplate(text, file);
    const vars = await varsFor(args, template.kind === 'prompty' ? () => loadSample(template, (sample) => readFile(resolve(dirname(path), sample), 'utf8')) : async () => undefined);
    // The CLI renders the user's own files: Jinja2 templates are trusted here.
    const result = renderTemplate(template, vars, { trust: 'trusted' });
    io.stdout.write(args.values.json ? json(result.kind === 'messages' ? result.messages : { text: result.text }) : asText(result));
    return EXIT.ok;
  },
};

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
  return result.messages.map((m) => `${m.role}:\n${m.content}\n`).join('\n');
}
