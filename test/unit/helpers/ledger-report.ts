// A stored run's report as the CLI writes it: the ledger replayed through the run projection into a report
// stream, every prompt once, in input order.

import { ReportStream, type ReportLine } from '../../../src/core/runs/report-stream';
import { RunProjection } from '../../../src/core/runs/run-projection';

export function ledgerReport(ledgerPath: string): ReportLine[] {
  const lines: ReportLine[] = [];
  const stream = new ReportStream((line) => lines.push(line), true);
  const projection = RunProjection.replay(ledgerPath, { keepItems: false, onItems: (items) => stream.accept(items) });
  stream.finish(projection);
  return lines;
}
