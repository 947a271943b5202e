// The shapes shared by the template modules: what a parsed .prompty holds, a plain template, and a render.

import type { TemplateProblem } from './template-error';

export type TemplateEngine = 'jinja2' | 'mustache';

export type ChatRole = 'system' | 'user' | 'assistant';

export interface RenderedMessage {
  role: ChatRole;
  /** From a Prompty 2 marker's attribute, `user[name="Alice"]:`. */
  name?: string;
  content: string;
}

/** A .prompty renders to chat messages; a plain template to one text (see plainTemplate). */
export type RenderResult = { kind: 'messages'; messages: RenderedMessage[] } | { kind: 'text'; text: string };

export interface RenderOptions {
  /** 'restricted' (VS Code's Restricted Mode) refuses Jinja2, which can run code; mustache still renders. */
  trust: 'trusted' | 'restricted';
  /**
   * Render a variable with no value as empty, as Prompty's Jinja2 does, instead of refusing it: only to show
   * what Prompty would have sent beside the refusal (render), never to send.
   */
  undefinedAsEmpty?: boolean;
}

/** A template's text and where it sits in its file, so that every problem names a file line. */
export interface TemplateSource {
  file: string;
  engine: TemplateEngine;
  /** Line breaks are `\n`. */
  body: string;
  /** The file line of the body's first line (1-based). */
  bodyStartLine: number;
  /**
   * `nunjucks`: render exactly as nunjucks itself does (promptfoo's renderer, for prompts written for promptfoo):
   * a final newline is kept, and values print as nunjucks prints them (a list as `a,b`, an object as
   * `[object Object]`). Otherwise Jinja2's way (a .prompty): one final newline dropped, lists and objects as JSON.
   */
  renderer?: 'nunjucks';
}

export interface PlainTemplate extends TemplateSource {
  kind: 'plain';
}

export interface PromptyInput {
  name: string;
  type?: string;
  description?: string;
  /** Present (possibly null) when the input declares a default. */
  default?: unknown;
  hasDefault: boolean;
  line: number;
  column: number;
}

export type PromptySample =
  | { kind: 'inline'; values: Record<string, unknown>; line: number; column: number }
  /** `path` is resolved against the .prompty's folder; `written` is the frontmatter's text. */
  | { kind: 'file'; path: string; written: string; line: number; column: number };

export interface PromptyModel {
  /**
   * `model.parameters` (and Prompty 2's `model.options`) as written, minus values of the wrong type (each of
   * those is an error); `${file:…}` values are still references: loadParameters reads them.
   */
  parameters: Record<string, unknown>;
  /** The parameters whose value is, or holds, a `${file:…}` reference, where each is written. */
  fileParameters: { key: string; line: number; column: number }[];
  /** From `model.configuration` (`model`, `name` or `azure_deployment`): which model the author meant. */
  modelHint?: string;
}

export interface PromptyFile extends TemplateSource {
  kind: 'prompty';
  name?: string;
  description?: string;
  model: PromptyModel;
  inputs: PromptyInput[];
  sample?: PromptySample;
  /** Every frontmatter key as YAML gives it, unknown ones included. */
  frontmatter: Record<string, unknown>;
  /** Problems of the frontmatter: errors (the file cannot be rendered), warnings and notes (ignored keys). */
  problems: TemplateProblem[];
}

export type PromptTemplate = PromptyFile | PlainTemplate;

/** A variable a template uses, at its first use. */
export interface VariableUse {
  name: string;
  line: number;
  column?: number;
  /**
   * Used only where a missing value is allowed: tested with `is defined` / `is undefined`, or read through
   * `| default(...)`. A missing optional variable renders as Jinja2 would; a missing required one is an error.
   */
  optional: boolean;
}

export interface DeclaredVariable {
  name: string;
  type?: string;
  description?: string;
  default?: unknown;
  hasDefault: boolean;
  line: number;
}
