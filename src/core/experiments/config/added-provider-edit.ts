// One provider added to an experiment file as a text edit, leaving the rest of the file as the user wrote it
// (comments, quoting, order): the file is parsed with the `yaml` package's Document API only to find where
// the `providers` list is, and the new item is written in that list's own style: a block item at the
// indentation of the items before it, or one more entry of a flow list. A file without `providers` (which
// means `scalarlm:base`) gets a list with the base first, so the base stays beside the added column.

import { isMap, isScalar, isSeq, parseDocument, type Node } from 'yaml';

export interface TextEdit {
  /** Where the edit starts, as a string offset into the text. */
  offset: number;
  /** How many characters it replaces. */
  length: number;
  text: string;
}

export type AddedProviderEdit = { ok: true; edit: TextEdit } | { ok: false; problem: string };

export function addedProviderEdit(text: string, provider: { id: string; label?: string }): AddedProviderEdit {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) return { ok: false, problem: `the file is not valid YAML (${doc.errors[0].message.split('\n')[0]}): fix it first` };
  const root = doc.contents;
  if (!isMap(root)) return { ok: false, problem: 'the file is not a mapping of prompts, providers and tests' };
  const pair = root.items.find((item) => isScalar(item.key) && item.key.value === 'providers');
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  if (!pair) {
    const end = text.length;
    const lead = end > 0 && !text.endsWith('\n') ? eol : '';
    return { ok: true, edit: { offset: end, length: 0, text: `${lead}providers:${eol}  - scalarlm:base${eol}${blockItem(provider, '  ', eol)}${eol}` } };
  }
  const value = pair.value as Node | null;
  if (isSeq(value) && value.flow) {
    const close = value.range![1] - 1;
    const flowItem = `{id: ${quoted(provider.id)}${provider.label !== undefined ? `, label: ${quoted(provider.label)}` : ''}}`;
    return { ok: true, edit: { offset: close, length: 0, text: value.items.length > 0 ? `, ${flowItem}` : flowItem } };
  }
  if (isSeq(value) && value.items.length > 0) {
    const last = value.items[value.items.length - 1] as Node;
    const itemStart = lineStart(text, (value.items[0] as Node).range![0]);
    const dash = text.indexOf('-', itemStart);
    const indent = text.slice(itemStart, dash);
    // At the end of the line the last item's value ends on (a comment there stays on it), before the blank
    // lines or comments that follow the list.
    let end = last.range![1];
    while (end > 0 && /\s/.test(text[end - 1])) end--;
    const lineEnd = text.indexOf('\n', end);
    end = lineEnd === -1 ? text.length : text[lineEnd - 1] === '\r' ? lineEnd - 1 : lineEnd;
    return { ok: true, edit: { offset: end, length: 0, text: `${eol}${blockItem(provider, indent, eol)}` } };
  }
  if (isScalar(value) && typeof value.value === 'string') {
    const [start, end] = value.range!;
    return { ok: true, edit: { offset: start, length: end - start, text: `[${text.slice(start, end)}, {id: ${quoted(provider.id)}${provider.label !== undefined ? `, label: ${quoted(provider.label)}` : ''}}]` } };
  }
  return { ok: false, problem: '`providers` is not a list here: add the provider by hand' };
}

function blockItem(provider: { id: string; label?: string }, indent: string, eol: string): string {
  return `${indent}- id: ${quoted(provider.id)}${provider.label !== undefined ? `${eol}${indent}  label: ${quoted(provider.label)}` : ''}`;
}

/** Plain when YAML reads it back as the same string, else double-quoted (JSON's escapes are YAML's). */
function quoted(value: string): string {
  const plain = /^[A-Za-z0-9_][\w:./@-]*$/.test(value) && !/: /.test(value) && !/^(true|false|null|yes|no|on|off|~)$/i.test(value) && !/^[\d.+-]+$/.test(value);
  return plain ? value : JSON.stringify(value);
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}
