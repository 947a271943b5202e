// The controls for the next turn, above the message box: each column's model, temperature, max tokens and
// system prompt (collapsed), and streaming on or off. A single chat has them on one row, its system prompt
// under it; a comparison has a row per column, its system prompt at the row's end (opened, it takes a line of
// its own), and the stream checkbox once (one transport for every column).
// A change goes to the host when the field is left (or the choice made); the host keeps it with the
// conversation and answers with the controls as they stand, which are shown unless the user is in that field.

import type { ChatControls, ControlField } from '../../protocol/chat';
import { element } from '../shared/dom';
import { fieldTexts, modelOptions } from './controls-state';

export interface ControlsCallbacks {
  setModel(column: number, model: string): void;
  /** Column `column`'s field (any column for the transport). */
  setControl(field: ControlField, value: string, column: number): void;
}

export interface ControlsView {
  readonly element: HTMLElement;
  show(controls: ChatControls): void;
}

/** One column's fields. */
interface ColumnFields {
  select: HTMLSelectElement;
  temperature: HTMLInputElement;
  maxTokens: HTMLInputElement;
  system: HTMLTextAreaElement;
  systemSummary: HTMLElement;
}

const COLUMN_FIELDS = new Set<string>(['temperature', 'maxTokens', 'system']);

export function createControlsView(callbacks: ControlsCallbacks, signal: AbortSignal): ControlsView {
  const root = element('section', 'controls');
  root.id = 'controls';
  root.setAttribute('aria-label', 'Controls for the next turn');
  const stream = element('input');
  stream.type = 'checkbox';
  stream.dataset.control = 'stream';
  let columns: ColumnFields[] = [];

  root.addEventListener(
    'change',
    (event) => {
      const target = event.target;
      if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement)) return;
      const field = target.dataset.control ?? '';
      const column = Number(target.dataset.column ?? 0);
      if (field === 'model') callbacks.setModel(column, target.value);
      else if (field === 'stream') callbacks.setControl('transport', stream.checked ? 'stream' : 'queue', 0);
      else if (COLUMN_FIELDS.has(field)) callbacks.setControl(field as ControlField, target.value, column);
    },
    { signal },
  );

  function build(controls: ChatControls): void {
    const texts = fieldTexts(controls).columns;
    columns = texts.map((_, column) => columnFields(column));
    const streamLabel = labelled('Stream', stream, 'checkbox');
    if (columns.length === 1) {
      const [only] = columns;
      const models = element('div', 'model-controls');
      models.append(labelled(texts[0].label, only.select));
      root.replaceChildren(row(models, labelled('Temperature', only.temperature), labelled('Max tokens', only.maxTokens), streamLabel), systemBox(only));
      return;
    }
    root.replaceChildren(
      ...columns.map((fields, column) => {
        const { label } = texts[column];
        fields.temperature.setAttribute('aria-label', `Temperature, ${label.toLowerCase()}`);
        fields.maxTokens.setAttribute('aria-label', `Max tokens, ${label.toLowerCase()}`);
        fields.system.setAttribute('aria-label', `System prompt, ${label.toLowerCase()}`);
        const line = row(labelled(label, fields.select), labelled('Temperature', fields.temperature), labelled('Max tokens', fields.maxTokens), systemBox(fields));
        line.classList.add('column-controls');
        line.dataset.column = String(column);
        return line;
      }),
      row(streamLabel),
    );
    streamLabel.title = 'One for every column: their timings compare only when every answer travels the same way';
  }

  function showModels(controls: ChatControls): void {
    columns.forEach(({ select }, column) => {
      const options = modelOptions(controls, column);
      select.replaceChildren(
        ...options.map((option) => {
          const item = element('option', undefined, option.label);
          item.value = option.value;
          item.title = option.title;
          return item;
        }),
      );
      select.value = controls.models[column];
      select.title = options.find((option) => option.value === select.value)?.title ?? '';
    });
  }

  return {
    element: root,
    show(controls) {
      if (columns.length !== controls.models.length) build(controls);
      showModels(controls);
      const texts = fieldTexts(controls);
      // A field the user is typing in keeps what they typed; it is sent when they leave it.
      columns.forEach((fields, column) => {
        const shown = texts.columns[column];
        if (document.activeElement !== fields.temperature) fields.temperature.value = shown.temperature;
        if (document.activeElement !== fields.maxTokens) fields.maxTokens.value = shown.maxTokens;
        if (document.activeElement !== fields.system) fields.system.value = shown.system;
        fields.systemSummary.textContent = shown.systemSummary;
      });
      stream.checked = texts.stream;
    },
  };
}

function columnFields(column: number): ColumnFields {
  const select = element('select', 'model-select');
  select.dataset.control = 'model';
  const temperature = numberInput('temperature', { min: '0', max: '2', step: '0.1', placeholder: 'default' });
  const maxTokens = numberInput('maxTokens', { min: '1', step: '1' });
  const system = element('textarea', 'system-input');
  system.dataset.control = 'system';
  system.rows = 3;
  system.placeholder = 'None: the model gets only the conversation';
  system.setAttribute('aria-label', 'System prompt');
  for (const field of [select, temperature, maxTokens, system]) field.dataset.column = String(column);
  return { select, temperature, maxTokens, system, systemSummary: element('summary', undefined, 'System prompt') };
}

function systemBox(fields: ColumnFields): HTMLDetailsElement {
  const box = element('details', 'system');
  box.append(fields.systemSummary, fields.system);
  return box;
}

function row(...children: HTMLElement[]): HTMLDivElement {
  const div = element('div', 'control-row');
  div.append(...children);
  return div;
}

function numberInput(field: ControlField, attributes: Record<string, string>): HTMLInputElement {
  const input = element('input', 'number');
  input.type = 'number';
  input.dataset.control = field;
  for (const [name, value] of Object.entries(attributes)) input.setAttribute(name, value);
  return input;
}

function labelled(text: string, control: HTMLElement, kind?: 'checkbox'): HTMLLabelElement {
  const label = element('label', kind === 'checkbox' ? 'control checkbox' : 'control');
  label.append(element('span', 'control-label', text), control);
  return label;
}
