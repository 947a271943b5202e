// A pass rate with how much it can be trusted: the count it is over and a 95% interval (Wilson's score interval,
// which stays inside 0..1 and keeps its meaning for a handful of rows, unlike the normal approximation). Every
// rate the project shows is one of these, so "3/5 (60%, 23-88%)" reads the same in the CLI, the panels and the
// reports.

/** z for a two-sided 95% interval. */
const Z = 1.959963984540054;

export interface PassRate {
  passed: number;
  judged: number;
  /** passed / judged; null when nothing was judged. */
  rate: number | null;
  /** The 95% Wilson score interval; null when nothing was judged. */
  low: number | null;
  high: number | null;
}

export function passRate(passed: number, judged: number): PassRate {
  if (judged <= 0) return { passed, judged, rate: null, low: null, high: null };
  const p = passed / judged;
  const z2 = Z * Z;
  const denominator = 1 + z2 / judged;
  const centre = (p + z2 / (2 * judged)) / denominator;
  const half = (Z * Math.sqrt((p * (1 - p)) / judged + z2 / (4 * judged * judged))) / denominator;
  // At 0 or all passed the bound is exactly 0 or 1; the float sum only comes near it.
  return { passed, judged, rate: p, low: passed === 0 ? 0 : Math.max(0, centre - half), high: passed === judged ? 1 : Math.min(1, centre + half) };
}

/** "3/5 (60%, 23-88%)"; "nothing judged" when there is no rate. */
export function passRateText(rate: PassRate): string {
  if (rate.rate === null || rate.low === null || rate.high === null) return 'nothing judged';
  const shown = ratePercent(rate.passed, rate.judged);
  // Rounded, the bounds still hold the rate shown (1,999/2,000 reads "99%, 99-100%", not "99%, 100-100%").
  const percent = Number(shown.slice(0, -1));
  return `${count(rate.passed)}/${count(rate.judged)} (${shown}, ${Math.min(percent, Math.round(rate.low * 100))}-${Math.max(percent, Math.round(rate.high * 100))}%)`;
}

/**
 * The share that passed, to the nearest percent, except that a rate with a failure never reads 100% and one with
 * a pass never reads 0%: those two figures promise something the rows did not do.
 */
export function ratePercent(passed: number, judged: number): string {
  if (judged <= 0) return '—';
  let percent = Math.round((passed / judged) * 100);
  if (percent === 100 && passed < judged) percent = 99;
  if (percent === 0 && passed > 0) percent = 1;
  return `${percent}%`;
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}
