// A render as markdown: each message under a `### role` heading with its content fenced, or the text of a
// plain template fenced, so that what the model would be sent reads exactly, markdown and all.

import { TemplateError, TemplateTrustError } from '../../core/templates';
import { fenced } from './markdown-blocks';

/** A rendered prompt: one text, or messages (a .prompty's, or a chat file's, which may hold any role). */
export type CellRender = { kind: 'text'; text: string } | { kind: 'messages'; messages: { role: string; content: string }[] };

export function renderedMarkdown(result: CellRender, heading = '###'): string {
  if (result.kind === 'text') return `${heading} text\n\n${fenced(result.text)}`;
  if (result.messages.length === 0) return '(every message rendered empty: nothing would be sent)';
  return result.messages.map((message) => `${heading} ${message.role}\n\n${fenced(message.content)}`).join('\n\n');
}

/** Where a problem is, as TemplateError and DatasetError both say it. */
export interface LocatedProblem {
  file: string;
  line: number;
  column?: number;
  detail: string;
}

/** `file:line[:column]: detail`, the file named for people. */
export function locatedText(problem: LocatedProblem, displayPath: (file: string) => string): string {
  const column = problem.column === undefined ? '' : `:${problem.column}`;
  return `${displayPath(problem.file)}:${problem.line}${column}: ${problem.detail}`;
}

export function isLocated(error: unknown): error is LocatedProblem & Error {
  if (!(error instanceof Error)) return false;
  const fields = error as Error & Partial<LocatedProblem>;
  return typeof fields.file === 'string' && typeof fields.line === 'number' && typeof fields.detail === 'string';
}

/** Why a render did not happen, as the preview documents write it. */
export function notRenderedMarkdown(error: unknown, displayPath: (file: string) => string, heading = '##'): string {
  if (error instanceof TemplateTrustError) {
    return [
      `${heading} Not rendered: this workspace is in Restricted Mode`,
      '',
      locatedText(error, displayPath),
      '',
      'Use **Manage Workspace Trust** above this text (or the command "Workspaces: Manage Workspace Trust") to trust the folder; the preview renders as soon as it is trusted.',
    ].join('\n');
  }
  const text = error instanceof TemplateError || isLocated(error) ? locatedText(error, displayPath) : error instanceof Error ? error.message : String(error);
  return `${heading} Not rendered\n\n${fenced(text)}`;
}
