// One notification per cause. A cause noticed again while its notification is still open (a failed command
// while the background poll's "cannot reach" is up) is shown with the open one's text and actions: VS Code
// replaces an identical notification instead of stacking a second one. A cause that went away is forgotten,
// so its next occurrence is news. No 'vscode' import, so the bookkeeping is unit-tested on Node.

export interface NoticeAction {
  label: string;
  /** The command the button runs. */
  command: string;
}

export const OPEN_LOG: NoticeAction = { label: 'Open Log', command: 'scalarlm.openLog' };

export interface Notice {
  /** What the notification is about ("unreachable http://gpu-box:8000"): one notification per cause. */
  cause: string;
  message: string;
  severity: 'error' | 'warning';
  actions: readonly NoticeAction[];
}

/** A notice about to be shown: what to show, and the call to make when its notification closes. */
export interface ShownNotice {
  notice: Notice;
  closed(): void;
}

export class OpenNotices {
  private readonly open = new Map<string, { notice: Notice; token: object }>();

  /**
   * What to show for `notice`: the open notification's text and actions when its cause has one (so the new one
   * replaces it), else the notice itself, with its severity in either case.
   */
  show(notice: Notice): ShownNotice {
    const current = this.open.get(notice.cause)?.notice;
    const shown = current ? { ...notice, message: current.message, actions: current.actions } : notice;
    const token = {};
    this.open.set(notice.cause, { notice: shown, token });
    return {
      notice: shown,
      // The replaced notification closes after its successor opened: only the latest one's closing counts.
      closed: () => {
        if (this.open.get(notice.cause)?.token === token) this.open.delete(notice.cause);
      },
    };
  }

  isOpen(cause: string): boolean {
    return this.open.has(cause);
  }

  /** The causes went away: a notification for one of them from now on is a new one, with its own text. */
  forget(gone: (cause: string) => boolean): void {
    for (const cause of [...this.open.keys()]) if (gone(cause)) this.open.delete(cause);
  }
}

/** "ScalarLM: …" once, whoever wrote the message. */
export function prefixed(message: string): string {
  return message.startsWith('ScalarLM: ') ? message : `ScalarLM: ${message}`;
}
