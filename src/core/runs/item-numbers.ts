// A retry run's items keep the numbers they had in the run they retry: item k of the retry is item numbers[k]
// of its parent. The ledger names the parent but not which of its items were taken, so the numbers are kept
// beside the retry's ledger, as `<run>.numbers.json` (RunStore.files lists it, and delete removes it).

import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export interface ItemNumbers {
  v: 1;
  /** The run the numbers are the indexes of. */
  of: string;
  /** 0-based indexes in that run, one per item of this run, in this run's order. */
  indexes: number[];
}

/** `<run>.ledger.jsonl` -> `<run>.numbers.json`. */
export function itemNumbersPath(ledgerPath: string): string {
  return ledgerPath.replace(/\.ledger\.jsonl$/, '') + '.numbers.json';
}

export function writeItemNumbers(ledgerPath: string, numbers: ItemNumbers): void {
  writeFileSync(itemNumbersPath(ledgerPath), JSON.stringify(numbers) + '\n');
}

/**
 * The numbers kept beside a run's ledger; undefined when there are none or they cannot be read (the items are
 * then numbered as they are in this run: numbering is for people, never worth failing a panel over).
 */
export function readItemNumbers(ledgerPath: string): ItemNumbers | undefined {
  const path = itemNumbersPath(ledgerPath);
  if (!existsSync(path)) return undefined;
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as Partial<ItemNumbers>;
    if (value.v !== 1 || typeof value.of !== 'string' || !Array.isArray(value.indexes) || !value.indexes.every((n) => Number.isInteger(n) && n >= 0)) return undefined;
    return { v: 1, of: value.of, indexes: value.indexes };
  } catch {
    return undefined;
  }
}

/** The 1-based number people see for the item at `index`: its parent's when kept, else its own. */
export function displayNumber(numbers: ItemNumbers | undefined, index: number): number {
  return (numbers?.indexes[index] ?? index) + 1;
}
