// The "More actions" menu (the ARIA menu button pattern, as VS Code's own "…" menus behave): the button opens a
// popover holding the actions that are not in the row; it opens with the first enabled item focused (the last with
// Arrow Up), the arrows, Home and End move between enabled items, Enter or a click runs one, Escape, Tab or a click
// elsewhere closes it and gives the focus back to the button. The popover is in the top layer, so a header that
// scrolls on its own does not cut it.

import { button, element } from './dom';

export interface ActionMenu {
  /** The "…" button, for the row. */
  readonly button: HTMLButtonElement;
  /** The menu; its items are the buttons the row puts in it. */
  readonly menu: HTMLElement;
  /** After buttons moved in or out: those in the menu become its items, and the … button shows only when there are some. */
  itemsChanged(): void;
  isOpen(): boolean;
}

/** Below the button, left-aligned with it and moved left as far as it must to stay inside the page. */
const GAP_PX = 2;

export function createActionMenu(id: string, label: string, signal: AbortSignal): ActionMenu {
  const more = button('…', 'more-actions');
  more.title = label;
  more.setAttribute('aria-label', label);
  more.setAttribute('aria-haspopup', 'menu');
  more.setAttribute('aria-expanded', 'false');
  more.setAttribute('aria-controls', id);
  const menu = element('div', 'action-menu');
  menu.id = id;
  menu.setAttribute('role', 'menu');
  menu.setAttribute('aria-label', label);
  menu.popover = 'auto';
  more.popoverTargetElement = menu;
  /** Which item takes the focus when the menu opens. */
  let openAt: 'first' | 'last' = 'first';

  const enabled = () => [...menu.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
  const focusItem = (item: HTMLButtonElement | undefined) => item?.focus();
  const isOpen = () => menu.matches(':popover-open');
  const close = () => {
    if (isOpen()) menu.hidePopover();
  };

  menu.addEventListener(
    'beforetoggle',
    (event) => {
      if ((event as ToggleEvent).newState !== 'open') return;
      const box = more.getBoundingClientRect();
      const top = box.bottom + GAP_PX;
      menu.style.top = `${top}px`;
      menu.style.left = `${box.left}px`;
      menu.style.maxHeight = `${Math.max(0, window.innerHeight - top - GAP_PX)}px`;
    },
    { signal },
  );
  menu.addEventListener(
    'toggle',
    (event) => {
      const open = (event as ToggleEvent).newState === 'open';
      more.setAttribute('aria-expanded', String(open));
      if (open) {
        // Its width is known once it shows: a button near the right edge (or a wide menu) would put it past the page.
        const width = document.documentElement.clientWidth;
        const box = menu.getBoundingClientRect();
        if (box.right > width - GAP_PX) menu.style.left = `${Math.max(GAP_PX, width - GAP_PX - box.width)}px`;
        const choices = enabled();
        focusItem(openAt === 'first' ? choices[0] : choices[choices.length - 1]);
        openAt = 'first';
      } else if (menu.contains(document.activeElement) || document.activeElement === document.body) {
        more.focus();
      }
    },
    { signal },
  );
  more.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      event.preventDefault();
      openAt = event.key === 'ArrowUp' ? 'last' : 'first';
      if (!isOpen()) menu.showPopover();
    },
    { signal },
  );
  menu.addEventListener(
    'keydown',
    (event) => {
      const choices = enabled();
      const at = choices.indexOf(document.activeElement as HTMLButtonElement);
      const next: Record<string, () => HTMLButtonElement | undefined> = {
        ArrowDown: () => choices[(at + 1) % choices.length],
        ArrowUp: () => choices[(at - 1 + choices.length) % choices.length],
        Home: () => choices[0],
        End: () => choices[choices.length - 1],
      };
      if (event.key in next) {
        event.preventDefault();
        focusItem(next[event.key]());
      } else if (event.key === 'Tab') {
        close();
      }
    },
    { signal },
  );
  // An item's own click runs its action (the row's listener hears it); the menu then closes.
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('button:not(:disabled)') !== null) close();
  }, { signal });

  return {
    button: more,
    menu,
    itemsChanged() {
      for (const item of menu.querySelectorAll('button')) {
        item.setAttribute('role', 'menuitem');
        item.tabIndex = -1;
      }
      more.hidden = menu.childElementCount === 0;
      if (more.hidden) close();
    },
    isOpen,
  };
}
