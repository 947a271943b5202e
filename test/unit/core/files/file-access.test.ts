// The file access rule alone: in Restricted Mode a path resolves inside a workspace folder after following
// links, or is refused; unconfined (the CLI, trusted workspaces) reads anything.

import * as assert from 'node:assert/strict';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { admitFile, admitGlob, admitPicked, confinedTo, guardedRead, mappedRead, OutsideWorkspaceError, UNCONFINED } from '../../../../src/core/files/file-access';
import { fileWriter, useTempDir } from '../../helpers/temp-dir';

async function refusal(work: () => Promise<unknown>): Promise<OutsideWorkspaceError> {
  try {
    await work();
  } catch (error) {
    assert.ok(error instanceof OutsideWorkspaceError, String(error));
    return error;
  }
  assert.fail('expected the access rule to refuse it');
}

describe('file access', () => {
  const tmp = useTempDir();
  const write = fileWriter(tmp);
  const ws = () => join(tmp.path, 'ws');
  const confined = () => confinedTo([ws()]);

  it('lets a file inside the workspace folder through, and one that does not exist there (its read says it is missing)', async () => {
    await admitFile(confined(), write('ws/prompts/p.txt', 'hi'));
    await admitFile(confined(), join(ws(), 'prompts', 'nowhere.txt'));
    await admitFile(confined(), join(ws(), 'a', '..', 'prompts', 'p.txt'));
  });

  it('refuses ../, an absolute path, and a sibling folder whose name begins with the workspace folder\'s', async () => {
    mkdirSync(ws());
    const up = write('secret.txt', 'secret');
    const climbing = await refusal(() => admitFile(confined(), join(ws(), '..', 'secret.txt'), '../secret.txt'));
    assert.equal(climbing.message, `\`../secret.txt\` is outside the workspace folder (${up}): in Restricted Mode, files a workspace file names are read only inside the workspace; trust the folder (Manage Workspace Trust) to read it, or move the file into the workspace`);
    await refusal(() => admitFile(confined(), '/etc/hostname'));
    const sibling = write('ws-evil/secret.txt', 'secret');
    assert.match((await refusal(() => admitFile(confined(), sibling))).message, /is outside the workspace folder \(.*\/ws-evil\/secret\.txt\)/);
    // A file outside that does not exist is refused the same way: the rule tells nothing about what is there.
    await refusal(() => admitFile(confined(), join(tmp.path, 'nowhere.txt')));
  });

  it('follows links: a link inside pointing outside is refused with where it leads, one pointing inside is read', async () => {
    const secret = write('secret.txt', 'secret');
    write('ws/inside.txt', 'fine');
    symlinkSync(secret, join(ws(), 'out.txt'));
    symlinkSync(join(ws(), 'inside.txt'), join(ws(), 'in.txt'));
    mkdirSync(join(tmp.path, 'elsewhere'));
    write('elsewhere/deep.txt', 'secret');
    symlinkSync(join(tmp.path, 'elsewhere'), join(ws(), 'folder-out'));
    const link = await refusal(() => admitFile(confined(), join(ws(), 'out.txt'), 'out.txt'));
    assert.match(link.message, new RegExp(`^\`out\\.txt\` is a link to ${secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, outside the workspace folder: in Restricted Mode`));
    assert.equal(link.detailFor('${file:out.txt}').startsWith('`${file:out.txt}` is a link to'), true);
    await refusal(() => admitFile(confined(), join(ws(), 'folder-out', 'deep.txt')));
    await admitFile(confined(), join(ws(), 'in.txt'));
  });

  it('takes a workspace folder opened through a link, and any of several folders (a multi-root workspace)', async () => {
    write('real/ws/p.txt', 'hi');
    symlinkSync(join(tmp.path, 'real', 'ws'), join(tmp.path, 'linked-ws'));
    await admitFile(confinedTo([join(tmp.path, 'linked-ws')]), join(tmp.path, 'linked-ws', 'p.txt'));
    await admitFile(confinedTo([join(tmp.path, 'linked-ws')]), join(tmp.path, 'real', 'ws', 'p.txt'));
    const other = write('other/q.txt', 'hi');
    const both = confinedTo([ws(), join(tmp.path, 'other')]);
    await admitFile(both, other);
    assert.match((await refusal(() => admitFile(both, write('third/r.txt', 'x')))).message, /outside every workspace folder/);
    assert.match((await refusal(() => admitFile(confinedTo([]), other))).message, /outside the workspace \(this window has no folder open\)/);
  });

  it('refuses a glob whose folder is outside before listing it', async () => {
    mkdirSync(ws());
    await refusal(() => admitGlob(confined(), '../*.txt', ws()));
    await refusal(() => admitGlob(confined(), '../**', ws()));
    await refusal(() => admitGlob(confined(), '{prompts,../x}/*.txt', ws()));
    await admitGlob(confined(), 'prompts/**/*.txt', ws());
  });

  it('reads anything when unconfined (the CLI, a trusted workspace)', async () => {
    const secret = write('secret.txt', 'secret');
    symlinkSync(secret, join(tmp.path, 'link.txt'));
    await admitFile(UNCONFINED, join(tmp.path, 'ws', '..', 'secret.txt'));
    await admitFile(UNCONFINED, join(tmp.path, 'link.txt'));
    await admitGlob(UNCONFINED, '../**', join(tmp.path, 'ws'));
  });

  it("lets the user's own pick through wherever they browsed to, but not a link the workspace holds that leads out", async () => {
    const outside = write('data/cases.csv', 'q\n1\n');
    await admitPicked(confined(), outside);
    mkdirSync(ws());
    symlinkSync(outside, join(ws(), 'cases.csv'));
    await refusal(() => admitPicked(confined(), join(ws(), 'cases.csv')));
    await admitPicked(confined(), write('ws/own.csv', 'q\n1\n'));
  });

  it('guards a reader: the path it reads (after mapping) is admitted first, and nothing is read when refused', async () => {
    const read: string[] = [];
    const reader = guardedRead(confined(), async (path) => {
      read.push(path);
      return 'text';
    });
    write('ws/inside.txt', 'fine');
    assert.equal(await reader(join(ws(), 'inside.txt')), 'text');
    await refusal(() => reader(join(tmp.path, 'secret.txt')));
    // Mapped into the workspace: the mapped path is the one judged and read.
    const mapped = mappedRead(reader, () => join(ws(), 'inside.txt'));
    assert.equal(await mapped(join(tmp.path, 'secret.txt')), 'text');
    assert.deepEqual(read, [join(ws(), 'inside.txt'), join(ws(), 'inside.txt')]);
  });
});
