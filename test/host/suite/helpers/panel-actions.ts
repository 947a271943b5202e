// A run panel's toolbar actions as a person reaches them: in the toolbar's row, or through its "More actions" (…)
// menu, where the rest are and where the row's own go when the panel is too narrow for them.

import { webviewClick, webviewEval } from './page';

export async function clickAction(contains: string, action: string): Promise<void> {
  const selector = `#actions button[data-action="${action}"]`;
  const inMenu = await webviewEval<boolean>(contains, `document.querySelector('${selector}')?.closest('[role="menu"]') !== null`);
  if (inMenu) await webviewClick(contains, '#actions .more-actions');
  await webviewClick(contains, selector);
}
