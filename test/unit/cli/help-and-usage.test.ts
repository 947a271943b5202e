// The words of scalarlm-lab itself: the top-level help and the messages for a command line it cannot run.

import assert from 'node:assert/strict';
import { mainHelp } from '../../../src/cli/main';
import { runCli } from '../helpers/cli-run';

/** Every ' and " paired. */
function balanced(text: string): boolean {
  return (text.match(/'/g) ?? []).length % 2 === 0 && (text.match(/"/g) ?? []).length % 2 === 0;
}

describe('scalarlm-lab help and usage errors', () => {
  it('shows each command on one line that reads as a sentence, and no line of the help ends with a colon', async () => {
    const lines = (await mainHelp()).split('\n');
    const headings = lines.filter((line) => /^[A-Z][a-z]+:$/.test(line));
    assert.deepEqual(headings, ['Commands:']);
    const dangling = lines.filter((line) => line.trimEnd().endsWith(':') && !headings.includes(line));
    assert.deepEqual(dangling, []);
    const rows = lines.slice(lines.indexOf('Commands:') + 1, lines.indexOf('', lines.indexOf('Commands:')));
    assert.equal(rows.length, 20);
    for (const row of rows) assert.match(row, /^ {2}[a-z-]+ +[A-Z].*\.$/, row);
  });

  it('names an unknown option in a sentence of its own, with balanced quotes', async () => {
    const result = await runCli(['generate', '--foo']);
    assert.equal(result.code, 2);
    assert.equal(result.stderr, 'Unknown option --foo. See: scalarlm-lab generate --help\n');
    const short = await runCli(['requests', '-x']);
    assert.equal(short.stderr, 'Unknown option -x. See: scalarlm-lab requests --help\n');
  });

  it('says which option lacks a value, and which takes none', async () => {
    const missing = await runCli(['requests', '--limit']);
    assert.equal(missing.code, 2);
    assert.equal(missing.stderr, '--limit needs a value: --limit N. See: scalarlm-lab requests --help\n');
    const extra = await runCli(['health', '--json=yes']);
    assert.equal(extra.code, 2);
    assert.equal(extra.stderr, '--json takes no value. See: scalarlm-lab health --help\n');
    for (const result of [missing, extra]) assert.ok(balanced(result.stderr), result.stderr);
  });
});
