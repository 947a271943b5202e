// A .prompty body renders first and is split into messages after, as Prompty does: that is what lets a loop
// write `{{ m.role }}:` lines and produce a conversation. Only the template's own text can make a marker
// (see value-spans.ts); a role word may come from a value, but the line, its colon and its line breaks must
// be the template's.

import { classifyLine, unknownMarkerDetail, unsupportedAttributeDetail } from './role-markers';
import { TemplateError } from './template-error';
import type { ChatRole, RenderedMessage, TemplateSource } from './types';
import { renderedLines } from './value-spans';

interface Draft {
  role: ChatRole;
  name?: string;
  lines: string[];
}

/**
 * Text before the first marker, and so a body with no marker at all, is a system message: Prompty's parser
 * starts in the system role (v1 parsers.py `arg_buffer = {"role": "system"}`, v2 parsers/prompty.py
 * `role = "system"  # default role if none specified`). Messages left empty (a marker followed by nothing,
 * or an `{% if %}` that rendered nothing) are dropped.
 */
export function splitMessages(rendered: string, source: TemplateSource): RenderedMessage[] {
  const leading: string[] = [];
  const drafts: Draft[] = [];
  for (const line of renderedLines(rendered)) {
    const marker = line.colonFromTemplate ? classifyLine(line.text) : ({ kind: 'text' } as const);
    if (marker.kind === 'role') {
      if (marker.unsupported !== undefined) {
        throw new TemplateError({ file: source.file, line: line.valueLine ?? attributeLineOf(marker.unsupported, source) }, unsupportedAttributeDetail(marker.unsupported));
      }
      drafts.push({ role: marker.role, ...(marker.name ? { name: marker.name } : {}), lines: [] });
      continue;
    }
    if (marker.kind === 'unknown') {
      if (line.valueLine !== undefined) {
        throw new TemplateError({ file: source.file, line: line.valueLine }, `${unknownMarkerDetail(marker.written)} (the role comes from a value)`);
      }
      throw new TemplateError({ file: source.file, line: sourceLineOf(marker.written, source) }, unknownMarkerDetail(marker.written));
    }
    (drafts.at(-1)?.lines ?? leading).push(line.text);
  }
  return nonEmpty([{ role: 'system', lines: leading }, ...drafts], source);
}

function nonEmpty(drafts: Draft[], source: TemplateSource): RenderedMessage[] {
  const messages = drafts
    .map(({ role, name, lines }) => ({ role, ...(name !== undefined ? { name } : {}), content: lines.join('\n').trim() }))
    .filter((message) => message.content !== '');
  if (messages.length === 0) {
    throw new TemplateError({ file: source.file, line: source.bodyStartLine }, 'the template renders to no message: every message is empty');
  }
  return messages;
}

/** A marker the static check could not see (its line was pieced together by tags): find it in the source. */
function sourceLineOf(written: string, source: TemplateSource): number {
  const word = written.slice(0, -1).toLowerCase();
  const index = source.body.split('\n').findIndex((line) => line.toLowerCase().includes(word));
  return source.bodyStartLine + Math.max(index, 0);
}

/** The first marker line of the source that sets attribute `key`. */
function attributeLineOf(key: string, source: TemplateSource): number {
  const index = source.body.split('\n').findIndex((line) => /\[.*\]\s*:\s*$/.test(line) && line.includes(`${key}`));
  return source.bodyStartLine + Math.max(index, 0);
}
