// Whether each cell of an adaptor's column was in that adaptor's training data: its input (the text the model was
// given, as export-training computes it: training/training-export.ts's inputOf) matched exactly against the inputs
// of the job's own dataset as the deployment serves it, so it holds for adaptors trained anywhere. A chat cell
// counts as seen under either rendering an export could have written: the deployment's or the documented
// fallback; one whose deployment rendering is not known (sent as chat, or no longer held) and whose fallback is not
// in the data is unknown, as the text the model was given cannot be compared. An adaptor column is one whose model is a job hash (64 hex characters, the deployment's name for the
// adaptor) or `latest`; where the deployment cannot say (it does not know the job, cannot be reached, or the column
// names `latest`, whichever job is newest when asked), the cell is "unknown", never "unseen". Every front end asks
// here: eval's records and table, the reports, the experiment panel.

import type { ScalarLMClient } from '../../api/client';
import type { ExperimentHeader } from '../../runs/ledger-schema';
import { RunProjection, type RunItem } from '../../runs/run-projection';
import { fallbackChatRendering, inputOf, jobInputs, serverRenderings, TrainingClient, type InTraining, type JobInputs } from '../../training';

export type Seen = InTraining;

/** The deployment's name for a trained adaptor: its job hash. */
const JOB_HASH = /^[0-9a-f]{64}$/;

/** The columns of adaptors: their model is a job hash, or the server's `latest`. */
export function adaptorColumns(header: ExperimentHeader): number[] {
  return header.columns.flatMap((column, index) => (column.model !== undefined && (JOB_HASH.test(column.model) || column.model === 'latest') ? [index] : []));
}

export class SeenInTraining {
  private constructor(
    private readonly columns: ReadonlyMap<number, JobInputs>,
    /** Chat cells of adaptor columns the deployment rendered, by item index. */
    private readonly rendered: ReadonlyMap<number, string>,
  ) {}

  /** None of the run's columns is an adaptor's: nothing to find out, nothing asked. */
  static readonly NONE = new SeenInTraining(new Map(), new Map());

  /**
   * Each adaptor column's training inputs, from the deployment (or the cache in `cacheDir`, the runs folder).
   * `chatCells`: the run's cells whose renderings to look up; only those of adaptor columns are (`wantsRendering`).
   */
  static async of(api: ScalarLMClient, cacheDir: string, header: ExperimentHeader, chatCells: readonly RunItem[], signal?: AbortSignal): Promise<SeenInTraining> {
    const training = new TrainingClient(api);
    const columns = new Map<number, JobInputs>();
    const byJob = new Map<string, JobInputs>();
    for (const index of adaptorColumns(header)) {
      const model = header.columns[index].model as string;
      let inputs = byJob.get(model);
      if (!inputs) {
        inputs = model === 'latest' ? { state: 'unknown', reason: 'scalarlm:latest names whichever job is newest when asked, so its cells cannot be tied to one dataset; name the job hash instead' } : await jobInputs(training, cacheDir, model, signal);
        byJob.set(model, inputs);
      }
      columns.set(index, inputs);
    }
    if (columns.size === 0) return SeenInTraining.NONE;
    const known = new Set([...columns].flatMap(([index, inputs]) => (inputs.state === 'known' ? [index] : [])));
    const rendered = await serverRenderings(api, chatCells.filter((item) => item.cell && known.has(item.cell[0])), signal);
    return new SeenInTraining(columns, rendered);
  }

  /** A stored run's marks, its ledger read once for the chat cells of adaptor columns (the only ones kept). */
  static async ofLedger(api: ScalarLMClient, cacheDir: string, ledgerPath: string, header: ExperimentHeader, signal?: AbortSignal): Promise<SeenInTraining> {
    if (adaptorColumns(header).length === 0) return SeenInTraining.NONE;
    const wanted = SeenInTraining.wantsRendering(header);
    const chatCells: RunItem[] = [];
    RunProjection.eachItem(ledgerPath, (item) => {
      if (wanted(item)) chatCells.push(item);
    });
    return SeenInTraining.of(api, cacheDir, header, chatCells, signal);
  }

  /** Whether a cell's rendering is to be looked up for this run: a chat cell of an adaptor column. */
  static wantsRendering(header: ExperimentHeader): (item: RunItem) => boolean {
    const adaptors = new Set(adaptorColumns(header));
    return (item) => item.cell !== undefined && adaptors.has(item.cell[0]) && typeof item.prompt === 'object' && 'messages' in item.prompt;
  }

  /** The adaptor columns the deployment could not say for, each with why. */
  unknownColumns(): { column: number; reason: string }[] {
    return [...this.columns].flatMap(([column, inputs]) => (inputs.state === 'unknown' ? [{ column, reason: inputs.reason }] : []));
  }

  isAdaptor(column: number): boolean {
    return this.columns.has(column);
  }

  /** The cell's mark; undefined for a cell of a column that is no adaptor's. */
  of(item: RunItem): Seen | undefined {
    const inputs = item.cell && this.columns.get(item.cell[0]);
    if (!inputs) return undefined;
    if (inputs.state === 'unknown' || item.prompt === undefined) return 'unknown';
    const entry = item.prompt;
    if (!(typeof entry === 'object' && 'messages' in entry)) return inputs.has(inputOf(entry, undefined).input);
    const fallback = inputs.has(fallbackChatRendering(entry.messages));
    const rendered = this.rendered.get(item.index);
    if (fallback === true) return true;
    if (rendered === undefined) return 'unknown';
    const server = inputs.has(rendered);
    return server === true ? true : server === 'unknown' || fallback === 'unknown' ? 'unknown' : false;
  }
}
