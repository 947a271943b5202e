// One column's header in the matrix: prompt, provider with its transport, the model when the provider's
// label does not say it, and the column's figures line, which `judged` messages rewrite in place.

import type { ColumnView } from '../../protocol/experiments';
import { element, setText } from '../shared/dom';
import { columnModel, TRANSPORTS } from './wording';

export interface ColumnHeader {
  readonly element: HTMLElement;
  showFigures(text: string): void;
}

/** `position`: the column's place among those shown (the grid's column index is one more, after the labels). */
export function createColumnHeader(column: ColumnView, position: number, figures: string): ColumnHeader {
  const header = element('div', 'column-head');
  header.setAttribute('role', 'columnheader');
  header.setAttribute('aria-colindex', String(position + 2));
  header.dataset.column = String(column.index);
  const model = columnModel(column);
  const transport = TRANSPORTS[column.transport];
  const badge = element('span', 'badge transport', transport.label);
  badge.dataset.transport = column.transport;
  badge.title = transport.description;
  const provider = element('span', 'column-provider', column.providerLabel);
  const providerLine = element('div', 'column-provider-line');
  providerLine.append(provider, badge);
  const lines = [element('div', 'column-prompt', column.promptLabel), providerLine];
  if (model !== undefined) lines.push(element('div', 'column-model', model));
  const figuresLine = element('div', 'column-figures');
  header.append(...lines, figuresLine);
  header.title = [column.promptLabel, column.providerLabel, model, `${transport.label}: ${transport.description}`].filter((part) => part !== undefined).join('\n');
  const showFigures = (text: string) => {
    setText(figuresLine, text);
    // A narrow column cuts the line: hovering it shows it whole.
    figuresLine.title = text;
  };
  showFigures(figures);
  return { element: header, showFigures };
}
