// Before a group is POSTed, ask whether the server already holds it: re-submitting an identical batch is
// not harmless (protocol §10.2, §11: the server answers from its stored results but marks the group
// in_progress for good). A group whose id can be computed is looked up (GET /v1/generate/request/{group};
// on servers too old for it, a get_results probe); one the server holds is polled instead of sent. So a
// second run of an unchanged file sends nothing.
//
// Two groups of one run can be identical (a file that repeats itself): the second waits until the first
// is submitted, then finds it on the server like any other.

import type { ScalarLMApi } from '../api/api';
import { HttpStatusError, NonJsonBodyError } from '../api/errors';
import { requestIdFor } from '../api/group-id';
import { idsInPromptOrder } from '../runs/request-ids';
import type { RequestId } from '../runs/ledger-schema';

export class ExistingGroups {
  /** Cleared when the server shows it has neither the request detail route nor a usable get_results probe. */
  private probing = true;
  private readonly claims = new Map<string, Promise<void>>();

  constructor(private readonly api: ScalarLMApi) {}

  /**
   * Waits for any other group of this run with the same id to be submitted, then claims the id until
   * `release` is called (after this group's submit, whatever its outcome).
   */
  async claim(groupId: string): Promise<() => void> {
    for (let held = this.claims.get(groupId); held; held = this.claims.get(groupId)) await held;
    let release: () => void = () => undefined;
    this.claims.set(groupId, new Promise<void>((resolve) => (release = resolve)));
    return () => {
      this.claims.delete(groupId);
      release();
    };
  }

  /** The group's request ids in prompt order when the server holds it; undefined when it does not (or cannot say). */
  async find(groupId: string, count: number, signal: AbortSignal): Promise<RequestId[] | undefined> {
    if (!this.probing) return undefined;
    const lookup = (await this.api.lookupRequest(groupId, { signal })).data;
    if (lookup.state === 'found') return Array.from({ length: count }, (_, i) => requestIdFor(groupId, i));
    if (lookup.state === 'not-found') return undefined;
    // No request detail route: get_results answers for a group it knows (any index brings the whole
    // group back) and fails with its plain-text 500 when the group has no status file.
    try {
      const answer = (await this.api.getResults([`${groupId}_0`], { signal })).data;
      const ids = idsInPromptOrder(answer.results, count);
      if (!ids) this.probing = false;
      return ids;
    } catch (error) {
      if (error instanceof NonJsonBodyError && error.status === 500) return undefined;
      if (error instanceof HttpStatusError) {
        // Integer ids of the oldest servers (a 422 for a string id): groups cannot be looked up there.
        this.probing = false;
        return undefined;
      }
      throw error;
    }
  }
}
