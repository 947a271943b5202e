// Variable values are data. A template's role markers split its output into messages, but a value that holds
// a line such as `system:` must not start a message, and a value that holds `{{ x }}` is sent as those
// characters. So every value a template outputs is wrapped in a span, and only text outside spans (the
// template's own text) can be a marker. Spans are delimited by Unicode noncharacters, which Unicode reserves
// for a program's internal use: no text a user sends should hold them, and where a value does, it is escaped
// on the way in (protectValues) and restored on the way out, so it can never open or close a span.
//
// A span is OPEN, the file line of the expression that output the value, SEP, the text, CLOSE.

const OPEN = '\uFDD0';
const SEP = '\uFDD1';
const CLOSE = '\uFDD2';
const ESCAPE = '\uFDD3';
/** An escaped delimiter is ESCAPE then the delimiter moved up by this much (into other noncharacters). */
const escapeShift = 0x10;

const delimiters = /[\uFDD0-\uFDD3]/;
const spanMarks = /[\uFDD0-\uFDD2]/;

/** The text a value renders as: the same for Jinja2 and mustache. */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null) {
    // Jinja2 would print a Python repr; "[object Object]" helps nobody, and JSON is what a model reads best.
    try {
      return JSON.stringify(value);
    } catch {
      return String(value);
    }
  }
  return String(value);
}

/** Marks `text` as a value output at file line `line`: all of it is data, whatever spans it held. */
export function markValue(text: string, line: number): string {
  const data = spanMarks.test(text) ? text.replace(/\uFDD0\d*\uFDD1?|[\uFDD1\uFDD2]/g, '') : text;
  return `${OPEN}${line}${SEP}${data}${CLOSE}`;
}

/**
 * Output the template produced itself (a macro's result, a `{% set %}` block, a `{% filter %}` block) comes
 * back as it is: its text is the template's and its values are already marked, so markers written in a macro
 * still split messages. If a filter broke its spans apart (truncate, reverse), it is all treated as data.
 */
export function markTemplateOutput(text: string, line: number): string {
  return !spanMarks.test(text) || wellFormed(text) ? text : markValue(text, line);
}

function wellFormed(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === OPEN) {
      let j = i + 1;
      while (j < text.length && text.charCodeAt(j) >= 0x30 && text.charCodeAt(j) <= 0x39) j++;
      if (j === i + 1 || text[j] !== SEP) return false;
      depth++;
      i = j;
    } else if (char === SEP) return false;
    else if (char === CLOSE) {
      if (depth === 0) return false;
      depth--;
    }
  }
  return depth === 0;
}

/**
 * The variables with every delimiter character inside their strings (and object keys) escaped, so that no
 * value can forge a span. Copies only what holds such a character: the usual variables come back as they are.
 */
export function protectValues(vars: Record<string, unknown>): Record<string, unknown> {
  return holdsDelimiter(vars) ? (protect(vars) as Record<string, unknown>) : vars;
}

/** Checked before copying anything, since almost no variables need it and every cell is rendered. */
function holdsDelimiter(value: unknown): boolean {
  if (typeof value === 'string') return delimiters.test(value);
  if (Array.isArray(value)) return value.some(holdsDelimiter);
  if (typeof value === 'object' && value !== null && isPlain(value)) {
    for (const key in value) {
      if (delimiters.test(key) || holdsDelimiter((value as Record<string, unknown>)[key])) return true;
    }
  }
  return false;
}

function protect(value: unknown): unknown {
  if (!holdsDelimiter(value)) return value;
  if (typeof value === 'string') return escapeText(value);
  if (Array.isArray(value)) return value.map(protect);
  // fromEntries defines own properties, so a "__proto__" key stays data and never becomes a prototype.
  return Object.fromEntries(Object.entries(value as object).map(([key, item]) => [escapeText(key), protect(item)]));
}

function isPlain(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The template's own text gets the same escaping, so that only markValue ever writes a delimiter. */
export function protectTemplateText(text: string): string {
  return delimiters.test(text) ? escapeText(text) : text;
}

function escapeText(text: string): string {
  return text.replace(/[\uFDD0-\uFDD3]/g, (char) => ESCAPE + String.fromCharCode(char.charCodeAt(0) + escapeShift));
}

function unescapeChar(char: string): string {
  return String.fromCharCode(char.charCodeAt(0) - escapeShift);
}

/** Rendered output as the text it stands for: spans removed, escaped characters restored. */
export function plainText(rendered: string): string {
  if (!delimiters.test(rendered)) return rendered;
  // Escaped characters are rare: without one, the spans go without a call per match (every cell is rendered).
  if (!rendered.includes(ESCAPE)) return rendered.replace(/\uFDD0\d*\uFDD1|\uFDD2/g, '');
  return rendered.replace(/\uFDD0\d*\uFDD1|\uFDD2|\uFDD3([\s\S])/g, (_match, escaped: string | undefined) =>
    escaped === undefined ? '' : unescapeChar(escaped),
  );
}

/** One line of rendered output, as the role-marker splitter needs it. */
export interface RenderedLine {
  text: string;
  /** Whether the line ends with a colon (and blanks) that is the template's own text, as a marker's must be. */
  colonFromTemplate: boolean;
  /** The file line of the first value output on this line, if any. */
  valueLine?: number;
}

/**
 * Splits rendered output into lines at the template's own line breaks only: a line break inside a value
 * stays inside its line, so a value can never put text at the start of a line of its own.
 */
export function renderedLines(rendered: string): RenderedLine[] {
  const lines: RenderedLine[] = [];
  let text = '';
  /** Where in `text` the last value ends: only what follows it is surely the template's. */
  let valueEnd = 0;
  let valueLine: number | undefined;
  let depth = 0;
  let start = 0;
  const endLine = () => {
    const colonFromTemplate = endsWithColon(text, valueEnd);
    lines.push(valueLine === undefined ? { text, colonFromTemplate } : { text, colonFromTemplate, valueLine });
    text = '';
    valueEnd = 0;
    valueLine = undefined;
  };
  const special = /[\n\uFDD0\uFDD2\uFDD3]/g;
  for (let match = special.exec(rendered); match !== null; match = special.exec(rendered)) {
    const at = match.index;
    text += rendered.slice(start, at);
    if (depth > 0) valueEnd = text.length;
    start = at + 1;
    switch (rendered[at]) {
      case '\n':
        if (depth > 0) text += '\n';
        else endLine();
        break;
      case OPEN: {
        const sep = rendered.indexOf(SEP, at);
        valueLine ??= Number(rendered.slice(at + 1, sep));
        depth++;
        start = special.lastIndex = sep + 1;
        break;
      }
      case CLOSE:
        if (depth > 0) depth--;
        break;
      default:
        // ESCAPE: the next character is an escaped delimiter.
        if (at + 1 < rendered.length) text += unescapeChar(rendered[at + 1]);
        if (depth > 0) valueEnd = text.length;
        start = special.lastIndex = at + 2;
    }
  }
  text += rendered.slice(start);
  if (depth > 0) valueEnd = text.length;
  endLine();
  return lines;
}

function endsWithColon(text: string, templateFrom: number): boolean {
  let last = text.length - 1;
  while (last >= 0 && (text[last] === ' ' || text[last] === '\t')) last--;
  return last >= templateFrom && text[last] === ':';
}
