// The Server Requests view's rows: paging with the mtime cursor, and the messages shown instead of rows.

import assert from 'node:assert/strict';
import { HttpStatusError, UnreachableError, type ErrorContext } from '../../../../src/core/api/errors';
import type { CallOptions, RequestPage, RequestRow, Traced } from '../../../../src/core/api/types';
import { NO_REQUESTS_MESSAGE, OLDER_SERVER_MESSAGE, PAGE_SIZE, RequestPages, type RequestListView, type RequestSource } from '../../../../src/host/server-requests/request-pages';
import { requestRow } from './request-row';

const context: ErrorContext = { method: 'GET', path: '/v1/generate/list_requests', baseUrl: 'http://sim', traceId: 't' };

type PageAnswer = RequestPage | Error | Promise<RequestPage>;

/** A deployment answering list_requests from a script, and noting the pages asked for. */
function fakeApi(answers: PageAnswer[]) {
  const asked: { cursor?: number; limit?: number; signal?: AbortSignal }[] = [];
  return {
    asked,
    api: () => ({
      ok: true as const,
      api: {
        async listRequests(page: { cursor?: number; limit?: number } = {}, options?: CallOptions): Promise<Traced<RequestPage>> {
          asked.push({ ...page, signal: options?.signal });
          const answer = answers.shift();
          if (answer === undefined) throw new Error('no more scripted answers');
          if (answer instanceof Error) throw answer;
          return { data: await answer, traceId: 't' };
        },
      },
    }),
  };
}

function rows(from: number, count: number): RequestRow[] {
  return Array.from({ length: count }, (_, i) => requestRow({ request_id: String(from + i).padStart(64, '0'), mtime: 1000 - from - i }));
}

function pagesOver(source: RequestSource) {
  const views: RequestListView[] = [];
  const errors: unknown[] = [];
  const pages = new RequestPages(source, { onDidChange: (view) => views.push(view), onError: (error) => errors.push(error) });
  return { pages, views, errors };
}

describe('server request pages', () => {
  it('loads the first page, then appends the next from the cursor until there is no more', async () => {
    const deployment = fakeApi([
      { rows: rows(0, 2), next_cursor: 999, has_more: true },
      { rows: rows(2, 1), next_cursor: null, has_more: false },
    ]);
    const { pages } = pagesOver(deployment);
    await pages.reload();
    assert.equal(pages.view.rows.length, 2);
    assert.equal(pages.view.hasMore, true);
    assert.equal(pages.view.message, undefined);
    await pages.loadMore();
    assert.deepEqual(deployment.asked.map(({ cursor, limit }) => ({ cursor, limit })), [
      { cursor: undefined, limit: PAGE_SIZE },
      { cursor: 999, limit: PAGE_SIZE },
    ]);
    assert.deepEqual(pages.view.rows.map((row) => row.request_id), rows(0, 3).map((row) => row.request_id));
    assert.equal(pages.view.hasMore, false);
    await pages.loadMore(); // nothing left: no request
    assert.equal(deployment.asked.length, 2);
  });

  it('keeps a row listed again on a later page once', async () => {
    const { pages } = pagesOver(fakeApi([
      { rows: rows(0, 2), next_cursor: 998, has_more: true },
      { rows: [...rows(1, 1), ...rows(2, 1)], next_cursor: null, has_more: false },
    ]));
    await pages.reload();
    await pages.loadMore();
    assert.equal(pages.view.rows.length, 3);
  });

  it('says so when nothing is stored, when the server is older, and when there is no deployment', async () => {
    const empty = pagesOver(fakeApi([{ rows: [], next_cursor: null, has_more: false }]));
    await empty.pages.reload();
    assert.equal(empty.pages.view.message, NO_REQUESTS_MESSAGE);

    const older = pagesOver(fakeApi([new HttpStatusError('no route', context, 404, 'Not Found', undefined, { detail: 'Not Found' })]));
    await older.pages.reload();
    assert.equal(older.pages.view.message, OLDER_SERVER_MESSAGE);
    assert.deepEqual(older.errors, [], 'an older server is not an error');

    const none = pagesOver({ api: () => ({ ok: false, reason: 'No deployment URL: set scalarlm.baseUrl.' }) });
    await none.pages.reload();
    assert.equal(none.pages.view.message, 'No deployment URL: set scalarlm.baseUrl.');
  });

  it("shows other failures with the client's text and reports them; a failed next page keeps the rows", async () => {
    const refused = new UnreachableError('Cannot reach the deployment (connection refused).', context, 'ECONNREFUSED', false);
    const failing = pagesOver(fakeApi([{ rows: rows(0, 1), next_cursor: 5, has_more: true }, refused]));
    await failing.pages.reload();
    await failing.pages.loadMore();
    assert.equal(failing.pages.view.message, refused.message);
    assert.equal(failing.pages.view.rows.length, 1);
    assert.equal(failing.pages.view.hasMore, true, '"Load more…" stays to try again');
    assert.deepEqual(failing.errors, [refused]);

    const down = pagesOver(fakeApi([new HttpStatusError('The deployment failed GET /v1/generate/list_requests (HTTP 500).', context, 500, undefined, undefined, {})]));
    await down.pages.reload();
    assert.match(down.pages.view.message ?? '', /HTTP 500/);
    assert.deepEqual(down.pages.view.rows, []);
  });

  it('drops the answer of a load that a reload overtook', async () => {
    let answerSlowly!: (page: RequestPage) => void;
    const slow = new Promise<RequestPage>((resolve) => (answerSlowly = resolve));
    const deployment = fakeApi([slow, { rows: rows(10, 1), next_cursor: null, has_more: false }]);
    const { pages, views } = pagesOver(deployment);
    const first = pages.reload();
    await pages.reload();
    assert.equal(deployment.asked[0].signal?.aborted, true);
    answerSlowly({ rows: rows(0, 3), next_cursor: null, has_more: false });
    await first;
    assert.equal(views.length, 1);
    assert.deepEqual(pages.view.rows.map((row) => row.request_id), rows(10, 1).map((row) => row.request_id));
  });
});
