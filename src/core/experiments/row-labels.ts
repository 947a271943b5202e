// Row labels that tell the rows apart. A row is named by its description; without one, by the vars that differ
// between rows (a var every row shares says nothing about which row this is), each from the part that differs:
// four "What is the capital city of …?" questions read `question=…France?`, not four times `question=What is the
// capital …`. Rows that still read alike get their row number. The CLI's matrix, FAIL lines and `diff`, and the
// experiment panel, all label rows here.

import { rowLabel, shorten, valueText } from './experiment-matrix';
import type { StoredTest } from './experiment-tests-file';

const WIDTH = 60;
/** A shared start shorter than this is kept: eliding two or three characters would only make the label harder to read. */
const MIN_ELIDED = 12;
/**
 * Rows that still read alike are told apart by number only up to this many rows: finding them takes every label at
 * once, and a 100,000-row report reads its tests a window at a time (experiment-tests-file.ts).
 */
const NUMBERED_UP_TO = 10_000;

interface Labelling {
  size: number;
  /** The vars not the same in every row (of those without a description), with the length of the start their values share. */
  differing: Map<string, number>;
  /** How many rows read as each label; undefined beyond NUMBERED_UP_TO rows. */
  uses: Map<string, number> | undefined;
}

const computed = new WeakMap<ReadonlyMap<number, StoredTest>, Labelling>();

/** The label of row `index` among `tests` (its rows as stored); what tells the rows apart is found once per set of rows. */
export function rowLabelIn(tests: ReadonlyMap<number, StoredTest>, index: number): string {
  let known = computed.get(tests);
  if (!known || known.size !== tests.size) computed.set(tests, (known = labelling(tests)));
  const label = labelOf(tests.get(index), index, known.differing);
  return (known.uses?.get(label) ?? 0) > 1 ? `${shorten(label, WIDTH - 10)} (row ${index + 1})` : label;
}

function labelling(tests: ReadonlyMap<number, StoredTest>): Labelling {
  const differing = differingVars(tests.values());
  if (tests.size > NUMBERED_UP_TO) return { size: tests.size, differing, uses: undefined };
  const uses = new Map<string, number>();
  for (const [index, test] of tests) {
    const label = labelOf(test, index, differing);
    uses.set(label, (uses.get(label) ?? 0) + 1);
  }
  return { size: tests.size, differing, uses };
}

function labelOf(test: StoredTest | undefined, index: number, differing: ReadonlyMap<string, number>): string {
  if (!test || test.description !== undefined || differing.size === 0) return rowLabel(test, index, WIDTH);
  const parts = [...differing].filter(([name]) => name in test.vars).map(([name, shared]) => `${name}=${partThatDiffers(valueText(test.vars[name]), shared)}`);
  return parts.length === 0 ? rowLabel(test, index, WIDTH) : shorten(parts.join(', '), WIDTH);
}

function partThatDiffers(text: string, shared: number): string {
  const rest = text.slice(shared);
  return shared === 0 || rest === '' ? valueText(text, 24) : `…${valueText(rest, 24)}`;
}

interface VarSeen {
  first: string;
  /** How many rows give it. */
  rows: number;
  same: boolean;
  /** The length of the start every value so far shares with the first. */
  shared: number;
}

/** The vars whose values are not the same in every row without a description, each with its elided start (0: kept). */
function differingVars(tests: Iterable<StoredTest>): Map<string, number> {
  const seen = new Map<string, VarSeen>();
  let rows = 0;
  for (const test of tests) {
    if (test.description !== undefined) continue;
    rows++;
    for (const [name, value] of Object.entries(test.vars)) {
      const text = valueText(value);
      const known = seen.get(name);
      if (!known) {
        seen.set(name, { first: text, rows: 1, same: true, shared: text.length });
        continue;
      }
      known.rows++;
      let i = 0;
      while (i < known.shared && i < text.length && text[i] === known.first[i]) i++;
      known.shared = i;
      if (text !== known.first) known.same = false;
    }
  }
  const differing = new Map<string, number>();
  for (const [name, known] of seen) {
    if (known.same && known.rows === rows) continue;
    const wordEnd = known.first.lastIndexOf(' ', known.shared - 1) + 1;
    differing.set(name, wordEnd >= MIN_ELIDED ? wordEnd : 0);
  }
  return differing;
}
