// Rendering cost per cell: an experiment renders one template per cell, up to 100,000 cells. The same chat
// prompt (a system message, two few-shot turns from a list, a user question) as a .prompty in Jinja2 and in
// mustache, compiled once and rendered for every row; beside each, the bare library rendering the same
// template text to a string (no undefined check, no values marked as data, no split into messages).

import Mustache from 'mustache';
import * as nunjucks from 'nunjucks';
import { compileTemplate, parsePrompty } from '../src/core/templates';
import { printTable } from './lib/table';

const ROWS = 100_000;
const ROUNDS = 5;

const jinjaBody = `system:
You are a concise assistant. Answer in {{ style | default("plain") }} style.
{% for example in examples %}
user:
{{ example.q }}
assistant:
{{ example.a }}
{% endfor %}
user:
Tell me about {{ topic | title }} in {{ words }} words.
`;

const mustacheBody = `system:
You are a concise assistant. Answer in plain style.
{{#examples}}
user:
{{q}}
assistant:
{{a}}
{{/examples}}
user:
Tell me about {{topic}} in {{words}} words.
`;

function rows(): Record<string, unknown>[] {
  return Array.from({ length: ROWS }, (_, i) => ({
    topic: `topic number ${i}`,
    words: 20 + (i % 80),
    examples: [
      { q: `What is ${i % 13}?`, a: 'A number.' },
      { q: 'And twice that?', a: `${(i % 13) * 2}.` },
    ],
  }));
}

function medianMicros(render: (row: Record<string, unknown>) => unknown, data: Record<string, unknown>[]): number {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    for (const row of data) render(row);
    times.push(((performance.now() - started) * 1000) / data.length);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}

export function benchTemplates(): void {
  const data = rows();
  const trusted = { trust: 'trusted' } as const;
  const jinja = compileTemplate(parsePrompty(`---\nname: bench\n---\n${jinjaBody}`, 'bench.prompty'));
  const mustache = compileTemplate(parsePrompty(`---\nname: bench\ntemplate: mustache\n---\n${mustacheBody}`, 'bench.prompty'));
  const bareNunjucks = new nunjucks.Template(jinjaBody, new nunjucks.Environment([], { autoescape: false }), 'bench', true);
  const bareMustache = (row: Record<string, unknown>) => Mustache.render(mustacheBody, row, {}, { escape: String });

  const cases: [string, (row: Record<string, unknown>) => unknown, (row: Record<string, unknown>) => unknown][] = [
    ['jinja2 (nunjucks)', (row) => jinja.render(row, trusted), (row) => bareNunjucks.render(row)],
    ['mustache', (row) => mustache.render(row, trusted), bareMustache],
  ];
  const table: (string | number)[][] = [];
  for (const [name, ours, bare] of cases) {
    const oursMicros = medianMicros(ours, data);
    const bareMicros = medianMicros(bare, data);
    table.push([name, oursMicros, bareMicros, oursMicros / bareMicros, (oursMicros * ROWS) / 1e6]);
  }
  printTable(
    `Template rendering, ${ROWS.toLocaleString('en-US')} rows to chat messages, median of ${ROUNDS}`,
    ['engine', 'µs/render', 'bare µs/render', 'vs bare', 's per 100k'],
    table,
  );
}
