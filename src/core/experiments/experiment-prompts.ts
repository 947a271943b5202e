// An experiment's prompts, loaded: each prompt of the config (a .prompty, a .txt/.md template, a .json of chat
// messages, or inline text) as something that renders a test's vars into what is sent, with its own model
// parameters (a .prompty's model.parameters) and the place every problem points at.

import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { parseChatDocument } from '../prompts';
import { compileTemplate, loadParameters, parsePrompty, plainTemplate, TemplateError, type ChatRole, type PromptyFile, type RenderOptions, type RenderResult, type RenderedMessage } from '../templates';
import type { PromptRef } from './config';

export interface ExperimentPrompt {
  key: string;
  label: string;
  /** Where the prompt is written: its file, or the experiment file's line for an inline one. */
  file: string;
  line: number;
  /** A .prompty's `model.parameters`, every one (`${file:…}` values read): below the provider's config. */
  parameters: Record<string, unknown>;
  /** What the reader noted or warned about the prompt's file (ignored keys), each with its file:line. */
  notes: string[];
  /** The files its parameters were read from (`${file:…}`): a resumed run must find them unchanged too. */
  files: string[];
  /** The variables the prompt uses (for previews and messages). */
  variables: readonly string[];
  /** The test's vars rendered into what is sent; throws a TemplateError (file:line) when a cell cannot render. */
  render(vars: Record<string, unknown>, options: RenderOptions): RenderResult;
}

/** Reads a file the prompts name: from disk, or (the editor) an open document's unsaved text first. */
export type ReadText = (path: string) => Promise<string>;

const fromDisk: ReadText = (path) => readFile(path, 'utf8');

/** Every prompt of a config, loaded and compiled; throws a TemplateError at the first that cannot be. */
export async function loadExperimentPrompts(refs: readonly PromptRef[], configFile: string, readText: ReadText = fromDisk): Promise<ExperimentPrompt[]> {
  return Promise.all(refs.map((ref) => loadExperimentPrompt(ref, configFile, readText)));
}

/** One prompt of a config; `configFile` names an inline prompt's problems (it is written there). */
export async function loadExperimentPrompt(ref: PromptRef, configFile: string, readText: ReadText = fromDisk): Promise<ExperimentPrompt> {
  const base = { key: ref.key, label: ref.label };
  if (ref.kind === 'inline') return fromTemplate(base, plainTemplate(ref.raw, configFile, 'jinja2', ref.line), {});
  const text = await readText(ref.path).catch((error: NodeJS.ErrnoException) => {
    throw new TemplateError({ file: configFile, line: ref.line, column: ref.column }, `cannot read the prompt file ${ref.displayPath}: ${error.code === 'ENOENT' ? 'it does not exist' : error.message}.`);
  });
  switch (ref.format) {
    case 'prompty': {
      const prompty = parsePrompty(text, ref.displayPath);
      const prompt = fromTemplate(base, prompty, {});
      const files: string[] = [];
      const parameters = await loadParameters(
        prompty,
        besidePrompty(prompty, ref.path, (path) => {
          files.push(path);
          return readText(path);
        }),
      );
      return { ...prompt, parameters, notes: promptyNotes(prompty), files };
    }
    case 'text':
      return fromTemplate(base, plainTemplate(text, ref.displayPath), {});
    case 'chat':
      return fromChatMessages(base, text, ref.displayPath);
  }
}

function fromTemplate(base: Pick<ExperimentPrompt, 'key' | 'label'>, template: Parameters<typeof compileTemplate>[0], parameters: Record<string, unknown>): ExperimentPrompt {
  const compiled = compileTemplate(template);
  return {
    ...base,
    file: template.file,
    line: template.bodyStartLine,
    parameters,
    notes: [],
    files: [],
    variables: compiled.variables.map((use) => use.name),
    render: (vars, options) => compiled.render(vars, options),
  };
}

/** A .json of chat messages (promptfoo's chat prompt file): each message's content is a template of its own. */
function fromChatMessages(base: Pick<ExperimentPrompt, 'key' | 'label'>, text: string, file: string): ExperimentPrompt {
  const messages = parseChatDocument(text, file);
  const parts = messages.map((message, index) => {
    if (typeof message.content !== 'string') throw new TemplateError({ file, line: 1 }, `message ${index + 1} has no text content to render.`);
    if (message.role !== 'system' && message.role !== 'user' && message.role !== 'assistant') throw new TemplateError({ file, line: 1 }, `message ${index + 1} has the role "${message.role}"; use system, user or assistant.`);
    return { role: message.role as ChatRole, template: compileTemplate(plainTemplate(message.content, file)) };
  });
  return {
    ...base,
    file,
    line: 1,
    parameters: {},
    notes: [],
    files: [],
    variables: [...new Set(parts.flatMap((part) => part.template.variables.map((use) => use.name)))],
    render: (vars, options) => {
      const rendered: RenderedMessage[] = parts.map(({ role, template }) => {
        const result = template.render(vars, options);
        return { role, content: result.kind === 'text' ? result.text : result.messages.map((m) => m.content).join('\n') };
      });
      return { kind: 'messages', messages: rendered };
    },
  };
}

/** The reader's notes and warnings on a .prompty (its errors stop compiling it). */
export function promptyNotes(prompty: PromptyFile): string[] {
  return prompty.problems
    .filter((problem) => problem.severity !== 'error')
    .map((problem) => `${problem.message.slice(0, problem.message.length - problem.detail.length)}${problem.severity}: ${problem.detail}`);
}

/**
 * Reads a file a .prompty names: the reader joins references to the folder of the name it was given
 * (`displayPath`), which is found again beside the file's real `path`.
 */
export function besidePrompty(prompty: PromptyFile, path: string, readText: ReadText): ReadText {
  return (joined) => readText(resolve(dirname(path), relative(dirname(prompty.file), joined)));
}
