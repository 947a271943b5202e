// A row (a test) named across runs and machines: its key is the fingerprint of its vars, so a row keeps its name
// when the prompt, the provider or the order of the rows change (those are what is being tried), and a second
// row with the same vars is told apart by its place among them (`…#2`). Beside the key, the fingerprints of what
// judges it: the test (vars, options, threshold) and its assertions as written, without where they are written
// (file paths and lines differ between clones).

import { fingerprint } from '../../evidence';
import type { StoredTest } from '../experiment-tests-file';

export interface RowIdentity {
  key: string;
  /** Vars, options and threshold. */
  test: string;
  /** The assertions (defaultTest's first), as written. */
  assertions: string;
}

/** Keys handed out in the order rows are given, the second row with the same vars keyed `…#2`, and so on. */
export class RowKeys {
  private readonly seen = new Map<string, number>();

  identify(test: StoredTest | undefined): RowIdentity {
    const vars = test?.vars ?? {};
    const base = fingerprint(vars);
    const count = (this.seen.get(base) ?? 0) + 1;
    this.seen.set(base, count);
    return {
      key: count === 1 ? base : `${base}#${count}`,
      test: fingerprint({ vars, options: test?.options ?? {}, threshold: test?.threshold ?? null }),
      assertions: fingerprint((test?.assert ?? []).map(({ file: _file, line: _line, column: _column, ...written }) => written)),
    };
  }
}

/** Every stored test's identity, by its index, in the order of the tests file. */
export function rowIdentities(tests: ReadonlyMap<number, StoredTest>): Map<number, RowIdentity> {
  const keys = new RowKeys();
  const identities = new Map<number, RowIdentity>();
  for (const index of [...tests.keys()].sort((a, b) => a - b)) identities.set(index, keys.identify(tests.get(index)));
  return identities;
}
