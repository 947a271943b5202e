// The differential tier: each promptfoo fixture (test/fixtures/fidelity/promptfoo/<case>/) rendered by
// `scalarlm-lab render CONFIG --json` and compared with what promptfoo itself sent for it (golden.json, recorded
// with its echo provider by scripts/fidelity-golden.mjs): the same prompts, and assertions that pass and fail
// alike on what was sent. A case this project refuses has refused.json instead: the refusal must name its
// file:line. A case that knowingly differs has differs.json: it must still differ, and say so at file:line. Every case is a row of the README's fidelity table, and every row names a case.

import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { evaluateCell, parseAssertions } from '../../../src/core/judge';
import { runCli } from '../helpers/cli-run';

const repository = join(__dirname, '..', '..', '..', '..');
const root = join(repository, 'test', 'fixtures', 'fidelity', 'promptfoo');
const cases = readdirSync(root).sort();

interface GoldenCell {
  test: number;
  prompt: number;
  sent: string;
  assert: { type: string; pass: boolean }[];
  threshold?: number;
}

interface OurCell {
  test: number;
  prompt: number;
  sent: string | { messages: { role: string; content: string }[] };
  assert: Record<string, unknown>[];
  threshold?: number;
}

/** What promptfoo's chat providers send for a prompt that is JSON messages, and its text otherwise. */
function comparable(sent: string | { messages: unknown[] }): unknown {
  if (typeof sent !== 'string') return sent.messages;
  try {
    const parsed: unknown = JSON.parse(sent);
    return Array.isArray(parsed) ? parsed : sent;
  } catch {
    return sent;
  }
}

/** Cells compared as a set: promptfoo's glob order is the file system's, so test numbers may differ. */
function canonical(cells: { prompt: number; sent: unknown; verdicts: boolean[]; threshold?: number }[]): string[] {
  return cells.map((cell) => JSON.stringify(cell)).sort();
}

function ourVerdicts(cell: OurCell, output: string): boolean[] {
  const { assertions, problems } = parseAssertions(cell.assert, { file: 'render', line: 1 });
  assert.deepEqual(problems, []);
  const outcome = evaluateCell({ status: 'ok', text: output }, assertions, { vars: {} }, { trust: 'trusted' });
  return outcome.results.map((result) => result.pass);
}

describe('promptfoo fidelity: scalarlm-lab render against what promptfoo sends', () => {
  for (const name of cases) {
    const dir = join(root, name);
    const refusedFile = join(dir, 'refused.json');
    if (existsSync(refusedFile)) {
      it(`${name}: refused at its file:line`, async () => {
        const refused = JSON.parse(readFileSync(refusedFile, 'utf8')) as { stderr: string[] };
        const result = await runCli(['render', join(dir, 'promptfooconfig.yaml'), '--json']);
        assert.equal(result.code, 2, result.stderr);
        for (const pattern of refused.stderr) assert.match(result.stderr, new RegExp(pattern));
      });
      continue;
    }
    const differsFile = join(dir, 'differs.json');
    const differs = existsSync(differsFile) ? (JSON.parse(readFileSync(differsFile, 'utf8')) as { stderr: string[] }) : undefined;
    it(differs ? `${name}: differs from promptfoo, and says so at its file:line` : `${name}: the same prompts, and the same verdicts on them`, async () => {
      const golden = JSON.parse(readFileSync(join(dir, 'golden.json'), 'utf8')) as { cells: GoldenCell[] };
      const result = await runCli(['render', join(dir, 'promptfooconfig.yaml'), '--json']);
      assert.equal(result.code, 0, result.stderr);
      const ours = JSON.parse(result.stdout) as OurCell[];
      const theirs = golden.cells.map((cell) => ({ prompt: cell.prompt, sent: comparable(cell.sent), verdicts: cell.assert.map((a) => a.pass), ...(cell.threshold !== undefined ? { threshold: cell.threshold } : {}) }));
      // Our assertions are judged on what promptfoo's echo answered: the prompt promptfoo sent.
      const answers = new Map(golden.cells.map((cell) => [JSON.stringify(comparable(cell.sent)), cell.sent]));
      const mine = ours.map((cell) => {
        const sent = comparable(cell.sent);
        const output = answers.get(JSON.stringify(sent)) ?? (typeof cell.sent === 'string' ? cell.sent : JSON.stringify(cell.sent));
        return { prompt: cell.prompt, sent, verdicts: ourVerdicts(cell, output), ...(cell.threshold !== undefined ? { threshold: cell.threshold } : {}) };
      });
      if (differs === undefined) {
        assert.deepEqual(canonical(mine), canonical(theirs));
        return;
      }
      assert.notDeepEqual(canonical(mine), canonical(theirs), 'differs.json says this case differs from promptfoo, but it does not any more');
      for (const pattern of differs.stderr) assert.match(result.stderr, new RegExp(pattern));
    });
  }

  it('the README table names every case, and every case it names exists', () => {
    const readme = readFileSync(join(repository, 'README.md'), 'utf8');
    const start = readme.indexOf('<!-- fidelity:promptfoo -->');
    const end = readme.indexOf('<!-- /fidelity:promptfoo -->');
    assert.ok(start >= 0 && end > start, 'README.md has the promptfoo fidelity table between its markers');
    const named = [...readme.slice(start, end).matchAll(/`fidelity\/promptfoo\/([\w-]+)`/g)].map((match) => match[1]);
    assert.deepEqual([...new Set(named)].sort(), cases);
  });
});
