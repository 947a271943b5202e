import * as assert from 'node:assert/strict';
import { evaluateCell } from '../../../../src/core/judge';
import { judgeOne, parsed, problemOf } from './judge-helpers';

const context = { vars: { city: 'Paris', n: 3 }, prompt: 'Name the capital of France.' };

describe('javascript assertions', () => {
  it('run an expression, statements ending in an expression, or a function body over output and context', () => {
    const passing = [
      "output.includes('Paris')",
      'output.includes(context.vars.city) && context.vars.n === 3',
      "context.prompt.startsWith('Name')",
      'const words = output.split(" "); words.length === 5',
      "output.length > 3;",
      "const n = output.length;\nif (n > 100) {\n  return false;\n}\nreturn output.endsWith('.');",
      '(output, context) => output.includes(context.vars.city)',
      'function (output) { return output.length > 0; }',
      '{ pass: true, score: 1, reason: "fine" }',
    ];
    for (const value of passing) {
      const result = judgeOne({ type: 'javascript', value }, 'It is Paris, of course.', {}, context);
      assert.equal(result.status, 'pass', `${value}: ${result.reason}`);
    }
    const result = judgeOne({ type: 'javascript', value: "output.includes('Lyon')" }, 'Paris', {}, context);
    assert.deepEqual([result.status, result.score, result.reason], ['fail', 0, 'javascript returned false: output.includes(\'Lyon\') (output was "Paris")']);
  });

  it('fail with the code, or its metric, and the values the code read (issue 17 item 16)', () => {
    const output = 'The capital of France is Paris, a city of about two million people.';
    const result = judgeOne({ type: 'javascript', value: 'output.length < 20' }, output, {}, context);
    assert.equal(result.reason, 'javascript returned false: output.length < 20 (output.length was 67)');
    const named = judgeOne({ type: 'javascript', value: 'output.length < 20', metric: 'brevity' }, output, {}, context);
    assert.equal(named.reason, 'javascript "brevity" returned false: output.length < 20 (output.length was 67)');
    const several = judgeOne({ type: 'javascript', value: "output.includes(context.vars.city) &&\n  context.vars['n'] > 5 && context.vars.missing !== undefined" }, output, {}, context);
    assert.equal(several.reason, "javascript returned false: output.includes(context.vars.city) && context.vars['n'] > 5 && context.vars.missing !== undefined (output was \"The capital of France is Paris, a city of about two million people.\", context.vars.city was \"Paris\", context.vars['n'] was 3, context.vars.missing was undefined)");
    const objects = judgeOne({ type: 'javascript', value: 'Object.keys(context.vars).length > 5' }, output, {}, context);
    assert.equal(objects.reason, 'javascript returned false: Object.keys(context.vars).length > 5 (context.vars was {"city":"Paris","n":3})');
    const thrown = judgeOne({ type: 'javascript', value: 'JSON.parse(output).answer.value === 4' }, '{"question": 1}', {}, context);
    assert.equal(thrown.reason, 'javascript threw an error (Cannot read properties of undefined (reading \'value\')): JSON.parse(output).answer.value === 4 (output was "{\\"question\\": 1}")');
    const long = judgeOne({ type: 'javascript', value: 'output.startsWith("Lyon")' }, 'Paris '.repeat(100), {}, context);
    assert.match(long.reason, /^javascript returned false: output\.startsWith\("Lyon"\) \(output was "(Paris ){20}…" \(600 characters\)\)$/);
    const trapped = judgeOne({ type: 'javascript', value: "Object.defineProperty(Object.prototype, 'trap', { get() { throw new Error('ran'); } }); context.vars.trap === 1" }, output, {}, context);
    assert.match(trapped.reason, /^javascript threw an error \(ran\): .* \(context\.vars\.trap was undefined\)$/, "the values are read before the code runs, through none of its getters");
    const own = judgeOne({ type: 'javascript', value: '({ pass: output.length < 20, reason: "too long" })' }, output, {}, context);
    assert.equal(own.reason, 'too long', "the script's own reason stands as it is");
  });

  it('read a number as the score: it passes above 0, or at or above the threshold', () => {
    const score = (value: string, threshold?: number) => judgeOne({ type: 'javascript', value, threshold }, 'abcd');
    assert.deepEqual([score('output.length / 10').pass, score('output.length / 10').score], [true, 0.4]);
    assert.deepEqual([score('0').pass, score('0').reason], [false, 'javascript returned 0, not above 0: 0']);
    assert.equal(score('output.length / 10', 0.4).pass, true);
    assert.deepEqual([score('output.length / 10', 0.5).pass, score('output.length / 10', 0.5).reason], [false, 'javascript returned 0.4, below the threshold 0.5: output.length / 10 (output.length was 4)']);
    assert.equal(score('output.length * 100').score, 1, 'scores are kept within 0..1');
    assert.equal(score('-3').score, 0);
  });

  it('take {pass, score, reason} as the verdict', () => {
    const result = judgeOne({ type: 'javascript', value: '({ pass: false, score: 0.25, reason: `too short: ${output.length}` })' }, 'ab');
    assert.deepEqual([result.status, result.score, result.reason], ['fail', 0.25, 'too short: 2']);
    const bare = judgeOne({ type: 'javascript', value: 'return { pass: true }' }, 'ab');
    assert.deepEqual([bare.status, bare.score, bare.reason], ['pass', 1, 'Assertion passed']);
    const badScore = judgeOne({ type: 'javascript', value: '({ pass: true, score: "high" })' }, 'ab');
    assert.deepEqual([badScore.status, badScore.reason], ['fail', 'javascript returned a "score" that is not a number (the string "high"): ({ pass: true, score: "high" })']);
  });

  it('turn round with not-, except for errors', () => {
    assert.equal(judgeOne({ type: 'not-javascript', value: "output.includes('sorry')" }, 'Here it is').pass, true);
    const failed = judgeOne({ type: 'not-javascript', value: "output.includes('sorry')" }, 'sorry');
    assert.deepEqual([failed.pass, failed.reason], [false, 'javascript returned true: output.includes(\'sorry\') (output was "sorry")']);
    assert.equal(judgeOne({ type: 'not-javascript', value: '({ pass: false, reason: "nope" })' }, 'x').pass, true);
    assert.equal(judgeOne({ type: 'not-javascript', value: '0.7', threshold: 0.5 }, 'x').pass, false);
    assert.equal(judgeOne({ type: 'not-javascript', value: 'nothing.here' }, 'x').pass, false, 'a thrown error fails whatever the prefix');
  });

  it('fail, with the error as the reason, when the code throws or returns something else', () => {
    const cases: [string, string][] = [
      ['JSON.parse(output).answer === 4', 'javascript threw an error (Unexpected token \'o\', "not json" is not valid JSON): JSON.parse(output).answer === 4 (output was "not json")'],
      ['missing.property', 'javascript threw an error (missing is not defined): missing.property'],
      ["throw new Error('custom')", "javascript threw an error (custom): throw new Error('custom')"],
      ['"yes"', 'javascript returned the string "yes", not a boolean, a number or {pass, score, reason}: "yes"'],
      ['const x = 1;\nx;\nreturn;', 'javascript returned undefined, not a boolean, a number or {pass, score, reason}: const x = 1; x; return;'],
      ['[true]', 'javascript returned an array, not a boolean, a number or {pass, score, reason}: [true]'],
      ['({ ok: true })', 'javascript returned an object without a boolean "pass", not a boolean, a number or {pass, score, reason}: ({ ok: true })'],
      ['Promise.resolve(true)', 'javascript returned a Promise (return the result itself: a boolean, a number or {pass, score, reason}): Promise.resolve(true)'],
      ['NaN', 'javascript returned number NaN, not a boolean, a number or {pass, score, reason}: NaN'],
    ];
    for (const [value, reason] of cases) {
      const result = judgeOne({ type: 'javascript', value }, 'not json');
      assert.deepEqual([result.status, result.score, result.reason], ['fail', 0, reason], value);
    }
  });

  it('stop at the time limit', () => {
    const started = Date.now();
    const result = judgeOne({ type: 'javascript', value: 'while (true) {}' }, 'x', { javascriptTimeoutMs: 50 });
    assert.deepEqual([result.status, result.reason], ['fail', 'javascript did not finish within 50 ms: while (true) {}']);
    assert.ok(Date.now() - started < 5000);
    assert.equal(judgeOne({ type: 'javascript', value: 'for (;;) {}' }, 'x', { javascriptTimeoutMs: 30 }).reason, 'javascript did not finish within 30 ms: for (;;) {}');
  });

  it('see no require, process or host objects, and leave nothing behind for the next run', () => {
    const probes = [
      "typeof require === 'undefined' && typeof process === 'undefined' && typeof module === 'undefined'",
      "(() => { try { return this.constructor.constructor('return typeof process')() === 'undefined'; } catch { return true; } })()",
      "(() => { try { return context.constructor.constructor('return typeof process')() === 'undefined'; } catch { return true; } })()",
      "(() => { try { return output.constructor.constructor('return typeof process')() === 'undefined'; } catch { return true; } })()",
    ];
    for (const value of probes) assert.equal(judgeOne({ type: 'javascript', value }, 'x', {}, context).status, 'pass', value);
    const leak = parsed({ type: 'javascript', value: "globalThis.seen = (globalThis.seen ?? 0) + 1; Array.prototype.leaked = 1; seen === 1 && [].leaked === 1" });
    const probe = parsed({ type: 'javascript', value: "typeof seen === 'undefined' && [].leaked === undefined" });
    const outcome = evaluateCell({ status: 'ok', text: 'x' }, [leak, leak, probe], { vars: {} }, { trust: 'trusted' });
    assert.deepEqual(outcome.results.map((result) => result.status), ['pass', 'pass', 'pass']);
    assert.equal(([] as unknown as { leaked?: number }).leaked, undefined);
  });

  it('are refused, not run, in a restricted workspace: neither a pass nor a fail', () => {
    const sideEffect = parsed({ type: 'javascript', value: "throw new Error('ran')" });
    const contains = parsed({ type: 'contains', value: 'x' });
    const outcome = evaluateCell({ status: 'ok', text: 'x' }, [sideEffect, contains], { vars: {} }, { trust: 'restricted' });
    assert.deepEqual(outcome.results[0], {
      index: 0,
      type: 'javascript',
      weight: 1,
      status: 'refused',
      pass: false,
      score: 0,
      reason: 'javascript assertions run only in trusted workspaces (and the CLI): trust this folder to run it (Manage Workspace Trust)',
      refused: true,
    });
    assert.equal(outcome.status, 'pass');
    assert.equal(outcome.score, 1);
    assert.equal(outcome.reason, 'All assertions passed (1 javascript assertion was not run: javascript assertions run only in trusted workspaces)');
    const onlyRefused = evaluateCell({ status: 'ok', text: 'x' }, [sideEffect, sideEffect], { vars: {} }, { trust: 'restricted' });
    assert.equal(onlyRefused.status, 'no-assertions');
    assert.equal(onlyRefused.score, null);
    assert.match(onlyRefused.reason, /^nothing was counted: every assertion was refused \(2 javascript assertions were not run/);
  });

  it('are compiled when read, so bad syntax is reported before anything runs', () => {
    assert.equal(problemOf({ type: 'javascript', value: 'output.includes(' }), 'promptfooconfig.yaml:12: "javascript": the code does not parse: Unexpected end of input');
    assert.equal(problemOf({ type: 'javascript', value: 'a\nb c' }), 'promptfooconfig.yaml:12: "javascript": the code does not parse: Unexpected identifier \'c\' (line 2 of the code)');
    assert.equal(
      problemOf({ type: 'javascript', value: 'if (output) {\n  return 1\n} else {\n  return (\n}' }),
      'promptfooconfig.yaml:12: "javascript": the code does not parse: Unexpected token \'}\' (line 5 of the code)',
    );
    assert.match(problemOf({ type: 'javascript', value: 'const a = 1;\nreturn a +' }), /Unexpected token '\}' \(at the end of the code\)$/);
    assert.match(problemOf({ type: 'javascript', value: 'await output' }), /the code does not parse: await is only valid in async functions/);
    // A syntax check compiles and never runs: this would throw if it did.
    assert.equal(parsed({ type: 'javascript', value: "throw new Error('ran')" }).kind, 'javascript');
  });
});
