// The rows of the Server Requests view: the first page of list_requests, and further pages appended by
// following the mtime cursor (protocol §5.1). Turns "nothing to show" and failures into one message for the
// view. No 'vscode' import, so paging and wording are unit-tested on Node.

import type { ApiAccess, ScalarLMApi } from '../../core/api/api';
import { HttpStatusError } from '../../core/api/errors';
import type { RequestPage, RequestRow } from '../../core/api/types';

/** Rows per page; the server clamps the limit to [1, 200]. */
export const PAGE_SIZE = 50;

export const OLDER_SERVER_MESSAGE = 'This deployment is older and has no request browser (no /v1/generate/list_requests).';
export const NO_REQUESTS_MESSAGE = 'No requests stored yet.';

export interface RequestListView {
  /** Newest first. */
  readonly rows: readonly RequestRow[];
  readonly hasMore: boolean;
  /** Shown above the rows, or alone when there are none. */
  readonly message?: string;
}

/** What the list needs of the connection: Connection fits. */
export interface RequestSource {
  api(): ApiAccess<Pick<ScalarLMApi, 'listRequests'>>;
}

export interface RequestPagesEvents {
  onDidChange(view: RequestListView): void;
  /** A failure other than "the server is too old", for the log; its message is already in the view. */
  onError(error: unknown): void;
}

export class RequestPages {
  private current: RequestListView = { rows: [], hasMore: false };
  private cursor: number | undefined;
  private inFlight: AbortController | undefined;

  constructor(
    private readonly source: RequestSource,
    private readonly events: RequestPagesEvents,
  ) {}

  get view(): RequestListView {
    return this.current;
  }

  /** Loads the first page again, replacing the rows. Cancels a load still under way; never rejects. */
  async reload(): Promise<void> {
    this.inFlight?.abort();
    const access = this.source.api();
    if (!access.ok) {
      this.inFlight = undefined;
      this.show({ rows: [], hasMore: false, message: access.reason }, undefined);
      return;
    }
    const page = await this.fetch(access.api, undefined);
    if (page === 'cancelled') return;
    if ('failed' in page) this.show({ rows: [], hasMore: false, message: page.failed }, undefined);
    else this.show({ rows: page.rows, hasMore: page.has_more, message: page.rows.length === 0 ? NO_REQUESTS_MESSAGE : undefined }, page.next_cursor);
  }

  /** Appends the next page. Does nothing while another load is under way, or when there is no next page. */
  async loadMore(): Promise<void> {
    if (this.inFlight || this.cursor === undefined) return;
    const access = this.source.api();
    if (!access.ok) {
      this.show({ ...this.current, message: access.reason }, this.cursor);
      return;
    }
    const page = await this.fetch(access.api, this.cursor);
    if (page === 'cancelled') return;
    // A failed page keeps the rows and the cursor, so "Load more" stays there to try again.
    if ('failed' in page) this.show({ ...this.current, message: page.failed }, this.cursor);
    else this.show({ rows: appendNew(this.current.rows, page.rows), hasMore: page.has_more }, page.next_cursor);
  }

  /** Cancels a load under way; its answer is dropped. */
  dispose(): void {
    this.inFlight?.abort();
    this.inFlight = undefined;
  }

  private async fetch(api: Pick<ScalarLMApi, 'listRequests'>, cursor: number | undefined): Promise<RequestPage | { failed: string } | 'cancelled'> {
    const controller = new AbortController();
    this.inFlight = controller;
    try {
      const { data } = await api.listRequests({ cursor, limit: PAGE_SIZE }, { signal: controller.signal });
      return controller.signal.aborted ? 'cancelled' : data;
    } catch (error) {
      if (controller.signal.aborted) return 'cancelled';
      if (isRouteMissing(error)) return { failed: OLDER_SERVER_MESSAGE };
      this.events.onError(error);
      return { failed: error instanceof Error ? error.message : String(error) };
    } finally {
      if (this.inFlight === controller) this.inFlight = undefined;
    }
  }

  private show(view: RequestListView, cursor: number | null | undefined): void {
    this.current = view;
    this.cursor = view.hasMore && cursor !== null ? cursor : undefined;
    this.events.onDidChange(view);
  }
}

/** FastAPI's generic 404: the server predates the request browser (protocol §0, §5). */
function isRouteMissing(error: unknown): boolean {
  return error instanceof HttpStatusError && error.status === 404 && error.detail === 'Not Found';
}

/**
 * A row appears once even if the server lists it again: a tree cannot hold two items with one id, and a
 * re-submitted batch moves its row (protocol §5.1), so pages fetched at different times can overlap.
 */
function appendNew(rows: readonly RequestRow[], more: readonly RequestRow[]): RequestRow[] {
  const known = new Set(rows.map((row) => row.request_id));
  return [...rows, ...more.filter((row) => !known.has(row.request_id))];
}
