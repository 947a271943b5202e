// `scalarlm-lab render CONFIG`: every cell of an experiment file (a promptfoo config) as it would be sent,
// test by test and prompt by prompt, with its assertions as they would be judged; nothing is sent. The
// warnings of the files (ignored keys, what differs from promptfoo) go to stderr first.

import { experimentFromConfig } from '../../core/experiments/experiment-spec';
import { UNCONFINED } from '../../core/files/file-access';
import { renderedCells, type RenderedCell } from '../../core/experiments/rendered-cells';
import { json } from '../format';
import { EXIT, type CliIO } from '../io';

export async function renderExperiment(path: string, asJson: boolean, io: CliIO): Promise<number> {
  // The user's own files: what they name is read wherever it is, as promptfoo does.
  const spec = await experimentFromConfig(path, { access: UNCONFINED });
  const cells: RenderedCell[] = [];
  try {
    // The CLI renders the user's own files: Jinja2 templates are trusted here.
    for await (const cell of renderedCells(spec, 'trusted')) {
      if (asJson) cells.push(cell);
      else io.stdout.write(cellText(cell));
    }
  } finally {
    // Tests files add their notes as they are read: all are known once the cells are rendered, or one fails.
    for (const warning of spec.warnings) io.stderr.write(`${warning}\n`);
  }
  if (asJson) io.stdout.write(json(cells));
  return EXIT.ok;
}

function cellText(cell: RenderedCell): string {
  const test = `test ${cell.test + 1}${cell.description ? ` (${cell.description})` : ''}`;
  const body = typeof cell.sent === 'string' ? cell.sent : 'messages' in cell.sent ? cell.sent.messages.map((m) => `${m.role}:\n${String(m.content)}`).join('\n\n') : JSON.stringify(cell.sent);
  const asserts = cell.assert.map((a) => `  assert ${a.type}${a.value !== undefined ? `: ${typeof a.value === 'string' ? a.value : JSON.stringify(a.value)}` : ''}\n`).join('');
  return `── ${cell.label} · ${test} ──\n${body}${body.endsWith('\n') ? '' : '\n'}${asserts}\n`;
}
