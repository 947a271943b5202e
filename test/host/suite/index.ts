// The host suite's entry point. VS Code loads this file (compiled: out/test/host/suite/index.js) inside the
// extension host, calls run(), and ends the session with exit code 0 if it resolves, 1 if it rejects.
// Mocha's report goes to the console, which the host forwards to the runner.
//
// Tests that span a window reload (helpers/reload.ts) make two sessions of one run: the first runs every
// test, the first parts of those last, notes the outcome and reloads the window without settling; the
// reloaded window loads this file again, and the second session runs the second parts and settles for both.
//
// The runner's untrusted pass (a host with workspace trust on and the folder not trusted) runs the
// *.untrusted.test files and only those; the usual pass runs every other file.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';
import * as vscode from 'vscode';
import { HOST_ENV, UNTRUSTED_FILE_SUFFIX } from './helpers/host-env';
import { screenshot } from './helpers/page';
import { firstPartsRan, RELOAD_FILE_SUFFIX, setReloadSession, takeReloadMark, writeReloadMark } from './helpers/reload';
import { stopAllSimulators } from './helpers/simulator';

const TEST_TIMEOUT_MS = 60_000;

export async function run(): Promise<void> {
  const mark = takeReloadMark();
  setReloadSession(mark);
  const mocha = new Mocha({
    ui: 'bdd',
    reporter: 'spec',
    color: false, // the runner prints the report to wherever it runs
    timeout: TEST_TIMEOUT_MS,
    forbidOnly: true,
    grep: process.env[HOST_ENV.grep] || undefined,
  });
  mocha.suite.afterEach('screenshot of a failed test', async function () {
    const test = this.currentTest;
    if (test?.state !== 'failed') return;
    try {
      console.log(`    screenshot: ${await screenshot(`failed ${test.fullTitle()}`)}`);
    } catch (error) {
      console.error(`    no screenshot of the failure: ${(error as Error).message}`);
    }
  });
  mocha.suite.afterAll('stop leftover simulators', stopAllSimulators);
  // The measurements for bench/ run on their own, when asked for; the tests never include them.
  const figures = process.env[HOST_ENV.figures] === '1';
  const untrusted = process.env[HOST_ENV.pass] === 'untrusted';
  const files = testFiles(__dirname).filter((file) => file.startsWith(join(__dirname, 'figures')) === figures && file.endsWith(UNTRUSTED_FILE_SUFFIX) === untrusted);
  const spanning = files.filter((file) => file.endsWith(RELOAD_FILE_SUFFIX));
  for (const file of mark ? spanning : [...files.filter((file) => !spanning.includes(file)), ...spanning]) mocha.addFile(file);

  const failures = (mark?.failures ?? 0) + (await new Promise<number>((resolve) => mocha.run(resolve)));
  if (!mark && firstPartsRan()) {
    console.log('  reloading the window for the second parts of the tests that span a reload');
    writeReloadMark(failures);
    await vscode.commands.executeCommand('workbench.action.reloadWindow');
    // This extension host ends with the reload; the reloaded window settles the run.
    return new Promise<never>(() => undefined);
  }
  if (failures > 0) throw new Error(`${failures} host test(s) failed.`);
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.js'))
    .sort()
    .map((file) => join(dir, file));
}
