// What goes into the batch runner: a prompt, where it came from, and how its group is sent.

import type { PromptEntry } from '../api/types';
import type { Transport } from '../../protocol/transport';
import type { BatchParams, CellRef, ChatSampling, ItemOrigin } from '../runs/ledger-schema';

export interface BatchInput {
  entry: PromptEntry;
  origin?: ItemOrigin;
  /** The parameters of this prompt's group, when they differ from the run's (an experiment's columns). */
  params?: BatchParams & ChatSampling;
  /** Default `batch`; a `chat` prompt is a group of its own. */
  transport?: Transport;
  /** Start a new group with this prompt (a new column, or a boundary the caller chose so groups stay stable). */
  breakBefore?: boolean;
  cell?: CellRef;
}
