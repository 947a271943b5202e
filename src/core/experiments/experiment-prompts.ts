// An experiment's prompts, loaded: each prompt of the config (a .prompty, a .txt/.md template, a .json of chat
// messages, or inline text) as something that renders a test's vars into what is sent, with its own model
// parameters (a .prompty's model.parameters) and the place every problem points at. Prompts written for
// promptfoo render as promptfoo renders them (promptfoo-render.ts); a .prompty as Prompty does.

import { dirname, relative, resolve } from 'node:path';
import type { ChatMessage } from '../api/types';
import { mappedRead, OutsideWorkspaceError, type GuardedRead } from '../files/file-access';
import { parseChatDocument } from '../prompts/chat-document';
import { PromptInputError } from '../prompts/problems';
import { readTextFile } from '../prompts/text';
import { compileTemplate, loadParameters, parsePrompty, plainTemplate, TemplateError, TemplateTrustError, type ChatRole, type PromptyFile, type RenderOptions, type RenderResult, type RenderedMessage } from '../templates';
import { parse as parseYamlValue } from 'yaml';
import type { PromptRef } from './config';
import { PromptfooTemplate, type TestText } from './promptfoo-render';

export interface ExperimentPrompt {
  key: string;
  label: string;
  /** promptfoo's `id`, when given: a provider's `prompts` may name it. */
  id?: string;
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
  /**
   * The test's vars rendered into what is sent, with the test's `prefix`/`suffix` options around a text
   * prompt; throws a TemplateError (file:line) when a cell cannot render.
   */
  render(vars: Record<string, unknown>, options: RenderOptions, text?: TestText): RenderResult;
}

/** Reads a file the prompts name: from disk, or (the editor) an open document's unsaved text first. */
export type ReadText = (path: string) => Promise<string>;

/** Reads from disk as prompt files are read (text only, problems at their line). */
export const fromDisk: ReadText = (path) => readTextFile(path, path);

/**
 * Every prompt of a config, loaded and compiled; throws a TemplateError at the first that cannot be. `readText`
 * reads the prompt files and what a .prompty names (`${file:…}` parameters) under the file access.
 */
export async function loadExperimentPrompts(refs: readonly PromptRef[], configFile: string, readText: GuardedRead): Promise<ExperimentPrompt[]> {
  return Promise.all(refs.map((ref) => loadExperimentPrompt(ref, configFile, readText)));
}

/** One prompt of a config; `configFile` names an inline prompt's problems (it is written there). */
export async function loadExperimentPrompt(ref: PromptRef, configFile: string, readText: GuardedRead): Promise<ExperimentPrompt> {
  const base = { key: ref.key, label: ref.label, ...(ref.id !== undefined ? { id: ref.id } : {}) };
  if (ref.kind === 'inline') return fromPromptfooText(base, ref.raw, configFile, ref.line);
  const text = await readText(ref.path).catch((error: NodeJS.ErrnoException) => {
    if (error instanceof OutsideWorkspaceError) throw new TemplateTrustError({ file: configFile, line: ref.line, column: ref.column }, error.detailFor(ref.relativePath));
    // Not text (binary, not UTF-8): refused at its own line, named as the config names it.
    if (error instanceof PromptInputError) throw new PromptInputError({ file: ref.displayPath, line: error.line }, error.detail);
    throw new TemplateError({ file: configFile, line: ref.line, column: ref.column }, `cannot read the prompt file ${ref.displayPath}: ${error.code === 'ENOENT' ? 'it does not exist' : error.message}.`);
  });
  switch (ref.format) {
    case 'prompty': {
      const prompty = parsePrompty(text, ref.displayPath);
      const prompt = fromPrompty(base, prompty);
      const files: string[] = [];
      const noted = mappedRead(readText, (path) => {
        files.push(path);
        return path;
      });
      const parameters = await loadParameters(prompty, besidePrompty(prompty, ref.path, noted));
      return { ...prompt, parameters, notes: promptyNotes(prompty), files };
    }
    case 'text':
      return ref.part === undefined ? fromPromptfooText(base, text.replace(/^\uFEFF/, ''), ref.displayPath, 1) : fromPromptfooText(base, ref.part.text, ref.displayPath, ref.part.line);
    case 'chat':
      return fromChatFile(base, ref.part === undefined ? text : ref.part.text, ref.displayPath);
  }
}

/** A .json, .yaml/.yml or .jsonl line of chat messages; YAML is read as the JSON of its value, as promptfoo does. */
function fromChatFile(base: Pick<ExperimentPrompt, 'key' | 'label' | 'id'>, text: string, file: string): ExperimentPrompt {
  if (!/\.ya?ml$/i.test(file)) return fromChatMessages(base, text, file);
  let value: unknown;
  try {
    value = parseYamlValue(text);
  } catch (error) {
    throw new TemplateError({ file, line: 1 }, `this YAML prompt file cannot be read: ${(error as Error).message}`);
  }
  return fromChatMessages(base, JSON.stringify(value ?? null), file);
}

/** A .prompty renders as Prompty renders it (Jinja2 or mustache, then role markers); a prefix cannot go round it. */
function fromPrompty(base: Pick<ExperimentPrompt, 'key' | 'label' | 'id'>, template: PromptyFile): ExperimentPrompt {
  const compiled = compileTemplate(template);
  return {
    ...base,
    file: template.file,
    line: template.bodyStartLine,
    parameters: template.model.parameters,
    notes: [],
    files: [],
    variables: compiled.variables.map((use) => use.name),
    render: (vars, options, text) => {
      refuseTestText(text, template.file, 'a .prompty (its messages come from role markers)');
      return compiled.render(vars, options);
    },
  };
}

/** A template written for promptfoo (inline, .txt, .md, .j2), rendered as promptfoo renders it. */
function fromPromptfooText(base: Pick<ExperimentPrompt, 'key' | 'label' | 'id'>, raw: string, file: string, firstLine: number): ExperimentPrompt {
  const template = new PromptfooTemplate(raw.replace(/\r\n?/g, '\n'), file, firstLine);
  const compiled = template.check();
  return promptfooPrompt(base, file, firstLine, compiled.variables.map((use) => use.name), (vars, options, text = {}) => ({ kind: 'text', text: template.render(vars, options, text) }));
}

/** A prompt file written for promptfoo: it has no model parameters, reader's notes or files of its own. */
function promptfooPrompt(base: Pick<ExperimentPrompt, 'key' | 'label' | 'id'>, file: string, line: number, variables: readonly string[], render: ExperimentPrompt['render']): ExperimentPrompt {
  return { ...base, file, line, parameters: {}, notes: [], files: [], variables, render };
}

/** promptfoo puts a test's prefix and suffix round the prompt's text; messages have no one text to put them round. */
function refuseTestText(text: TestText | undefined, file: string, what: string): void {
  if (!text?.prefix && !text?.suffix) return;
  throw new TemplateError({ file, line: 1 }, `the test's \`prefix\`/\`suffix\` options cannot go round ${what}: promptfoo would send the result as plain text; use them with text prompts only`);
}

/**
 * A .json of chat messages (promptfoo's chat prompt file). As written JSON, each message's content is a
 * template of its own; a file that is JSON only once rendered (template tags between messages) is rendered
 * whole first and then read as messages, as promptfoo does.
 */
function fromChatMessages(base: Pick<ExperimentPrompt, 'key' | 'label' | 'id'>, text: string, file: string): ExperimentPrompt {
  if (!isJson(text)) return fromChatTemplate(base, text, file);
  const messages = chatMessagesOf(text, file);
  const parts = messages.map((message, index) => {
    if (typeof message.content !== 'string') throw new TemplateError({ file, line: 1 }, `message ${index + 1} has no text content to render.`);
    if (message.role !== 'system' && message.role !== 'user' && message.role !== 'assistant') throw new TemplateError({ file, line: 1 }, `message ${index + 1} has the role "${message.role}"; use system, user or assistant.`);
    return { role: message.role as ChatRole, template: compileTemplate({ ...plainTemplate(message.content, file), renderer: 'nunjucks' }) };
  });
  return promptfooPrompt(base, file, 1, [...new Set(parts.flatMap((part) => part.template.variables.map((use) => use.name)))], (vars, options, testText) => {
    refuseTestText(testText, file, 'chat messages');
    const rendered: RenderedMessage[] = parts.map(({ role, template }) => {
      const result = template.render(vars, options);
      return { role, content: result.kind === 'text' ? result.text : result.messages.map((m) => m.content).join('\n') };
    });
    return { kind: 'messages', messages: rendered };
  });
}

/** The reader's notes and warnings on a .prompty (its errors stop compiling it). */
export function promptyNotes(prompty: PromptyFile): string[] {
  return prompty.problems
    .filter((problem) => problem.severity !== 'error')
    .map((problem) => `${problem.message.slice(0, problem.message.length - problem.detail.length)}${problem.severity}: ${problem.detail}`);
}

/**
 * Reads a file a .prompty names: the reader joins references to the folder of the name it was given
 * (`displayPath`), which is found again beside the file's real `path` (the one the file access judges).
 */
export function besidePrompty(prompty: PromptyFile, path: string, readText: GuardedRead): GuardedRead {
  return mappedRead(readText, (joined) => resolve(dirname(path), relative(dirname(prompty.file), joined)));
}

function fromChatTemplate(base: Pick<ExperimentPrompt, 'key' | 'label' | 'id'>, text: string, file: string): ExperimentPrompt {
  const template = new PromptfooTemplate(text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'), file, 1);
  const compiled = template.check();
  return promptfooPrompt(base, file, 1, compiled.variables.map((use) => use.name), (vars, options, testText) => {
    refuseTestText(testText, file, 'chat messages');
    const rendered = template.render(vars, options, {});
    let messages;
    try {
      messages = chatMessagesOf(rendered, file);
    } catch (error) {
      const detail = error instanceof TemplateError ? error.detail : (error as Error).message;
      throw new TemplateError({ file, line: 1 }, `this file is not JSON as written, so it is rendered as a template first (as promptfoo does); what it renders to is not chat messages: ${detail}`);
    }
    return { kind: 'messages', messages: messages.map((message, index) => chatMessage(message, index, file)) };
  });
}

function chatMessage(message: ChatMessage, index: number, file: string): RenderedMessage {
  if (typeof message.content !== 'string') throw new TemplateError({ file, line: 1 }, `message ${index + 1} has no text content.`);
  if (message.role !== 'system' && message.role !== 'user' && message.role !== 'assistant') throw new TemplateError({ file, line: 1 }, `message ${index + 1} has the role "${message.role}"; use system, user or assistant.`);
  return { role: message.role, content: message.content };
}

/** JSON chat messages (a list, or `{messages}`), whatever the file's extension; problems name the file. */
function chatMessagesOf(text: string, file: string): ChatMessage[] {
  try {
    return parseChatDocument(text, 'prompt.json');
  } catch (error) {
    // Lines are the file's only where the text is the file's own JSON.
    const own = /\.json$/i.test(file);
    if (error instanceof PromptInputError) throw new TemplateError({ file, line: own ? error.line : 1, ...(own && error.column !== undefined ? { column: error.column } : {}) }, error.detail);
    throw error;
  }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text.replace(/^\uFEFF/, ''));
    return true;
  } catch {
    return false;
  }
}
