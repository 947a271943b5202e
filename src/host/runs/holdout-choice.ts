// The held-out rows the editor's Export Training Data… offers for an experiment run: by default a fifth of the rows
// kept out (so the adaptor can be judged on rows it never saw), or every row trained on, or another fraction typed
// in and checked by the same rule as the CLI's --holdout. No 'vscode' import: it is unit-tested on Node.

import { checkFraction, HoldoutError } from '../../core/evidence';

/** Hold out a fifth of the rows unless the user says otherwise. */
export const DEFAULT_HOLDOUT = 0.2;

export interface HoldoutOption {
  label: string;
  description: string;
  /** The fraction to hold out; null to train on every row; 'other' to ask for a fraction. */
  fraction: number | null | 'other';
}

export function holdoutOptions(rows: number): HoldoutOption[] {
  const kept = Math.round(DEFAULT_HOLDOUT * rows);
  return [
    { label: `Hold out ${DEFAULT_HOLDOUT * 100}% of the rows`, description: `about ${kept} of ${rows}, never trained on: judge the adaptor on them (recommended)`, fraction: DEFAULT_HOLDOUT },
    { label: 'Train on all rows', description: 'keep none out: every pass of the adaptor may be memorised', fraction: null },
    { label: 'Hold out another fraction…', description: 'between 0 and 1, such as 0.3', fraction: 'other' },
  ];
}

/** A typed fraction: undefined when it is one, else what is wrong with it (for the input box). */
export function fractionProblem(text: string): string | undefined {
  try {
    checkFraction(text.trim() === '' ? Number.NaN : Number(text));
    return undefined;
  } catch (error) {
    if (error instanceof HoldoutError) return error.message.replace(/; got .*$/, '');
    throw error;
  }
}
