// Keys for a quick input (a picker or an input box) go to whatever has the keyboard: a view focused just before
// the quick input opened can take it back, and the key is lost. These give the quick input the keyboard first.

import { pressKey, typeText, workbenchClick, workbenchText } from './page';
import { clickUntil, waitFor } from './wait';

const QUICK_INPUT = '.quick-input-widget:not([style*="display: none"])';

async function focusQuickInput(): Promise<void> {
  if (await workbenchText(`${QUICK_INPUT}:focus-within`)) return;
  await clickUntil(() => workbenchClick(`${QUICK_INPUT} .quick-input-box input`), () => workbenchText(`${QUICK_INPUT}:focus-within`), {
    timeoutMs: 10_000,
    what: 'the quick input to have the keyboard',
  });
}

export async function pressInQuickInput(key: string): Promise<void> {
  await focusQuickInput();
  await pressKey(key);
}

export async function typeInQuickInput(text: string): Promise<void> {
  await focusQuickInput();
  await typeText(text);
}

/**
 * Picks an item as a person does: types part of its label, waits until the list is filtered (`leftOut`, a label the
 * typed text does not match, is gone), then presses Enter. Enter before the filter lands accepts whatever item was
 * first.
 */
export async function chooseInQuickInput(typed: string, leftOut: string): Promise<void> {
  await typeInQuickInput(typed);
  await waitFor(async () => !(await workbenchText(`${QUICK_INPUT} .quick-input-list`))?.includes(leftOut), { timeoutMs: 10_000, what: `the list filtered to "${typed}" ("${leftOut}" gone)` });
  await pressInQuickInput('Enter');
}
