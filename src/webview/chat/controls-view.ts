// The controls for the next turn, above the message box: each column's model, temperature, max tokens,
// streaming on or off, and the system prompt (collapsed). A change goes to the host when the field is
// left (or the choice made); the host keeps it with the conversation and answers with the controls as
// they stand, which are shown unless the user is in that field.

import type { ChatControls, ControlField } from '../../protocol/chat';
import { element } from '../shared/dom';
import { fieldTexts, modelOptions } from './controls-state';

export interface ControlsCallbacks {
  setModel(column: number, model: string): void;
  setControl(field: ControlField, value: string): void;
}

export interface ControlsView {
  readonly element: HTMLElement;
  show(controls: ChatControls): void;
}

export function createControlsView(callbacks: ControlsCallbacks, signal: AbortSignal): ControlsView {
  const root = element('section', 'controls');
  root.id = 'controls';
  root.setAttribute('aria-label', 'Controls for the next turn');
  const row = element('div', 'control-row');
  const modelsHost = element('div', 'model-controls');
  const temperature = numberInput('temperature', { min: '0', max: '2', step: '0.1', placeholder: 'default' });
  const maxTokens = numberInput('maxTokens', { min: '1', step: '1' });
  const stream = element('input');
  stream.type = 'checkbox';
  stream.dataset.control = 'stream';
  row.append(modelsHost, labelled('Temperature', temperature), labelled('Max tokens', maxTokens), labelled('Stream', stream, 'checkbox'));
  const systemBox = element('details', 'system');
  const systemSummary = element('summary', undefined, 'System prompt');
  const system = element('textarea', 'system-input');
  system.dataset.control = 'system';
  system.rows = 3;
  system.placeholder = 'None: the model gets only the conversation';
  system.setAttribute('aria-label', 'System prompt');
  systemBox.append(systemSummary, system);
  root.append(row, systemBox);

  let selects: HTMLSelectElement[] = [];

  temperature.addEventListener('change', () => callbacks.setControl('temperature', temperature.value), { signal });
  maxTokens.addEventListener('change', () => callbacks.setControl('maxTokens', maxTokens.value), { signal });
  stream.addEventListener('change', () => callbacks.setControl('transport', stream.checked ? 'stream' : 'queue'), { signal });
  system.addEventListener('change', () => callbacks.setControl('system', system.value), { signal });
  modelsHost.addEventListener(
    'change',
    (event) => {
      const select = event.target;
      if (select instanceof HTMLSelectElement && select.dataset.column !== undefined) callbacks.setModel(Number(select.dataset.column), select.value);
    },
    { signal },
  );

  function showModels(controls: ChatControls): void {
    if (selects.length !== controls.models.length) {
      selects = controls.models.map((_, column) => {
        const select = element('select', 'model-select');
        select.dataset.control = 'model';
        select.dataset.column = String(column);
        return select;
      });
      const several = selects.length > 1;
      modelsHost.replaceChildren(...selects.map((select, column) => labelled(several ? `Model ${column + 1}` : 'Model', select)));
    }
    selects.forEach((select, column) => {
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
      showModels(controls);
      const texts = fieldTexts(controls);
      // A field the user is typing in keeps what they typed; it is sent when they leave it.
      if (document.activeElement !== temperature) temperature.value = texts.temperature;
      if (document.activeElement !== maxTokens) maxTokens.value = texts.maxTokens;
      if (document.activeElement !== system) system.value = texts.system;
      stream.checked = texts.stream;
      systemSummary.textContent = texts.system === '' ? 'System prompt (none)' : 'System prompt';
    },
  };
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
