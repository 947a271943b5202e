// Exact tail probabilities of the binomial and hypergeometric distributions, in log space so that thousands of
// rows neither overflow nor lose every digit.

const logFactorials: number[] = [0];

function logFactorial(n: number): number {
  for (let k = logFactorials.length; k <= n; k++) logFactorials.push(logFactorials[k - 1] + Math.log(k));
  return logFactorials[n];
}

function logChoose(n: number, k: number): number {
  return logFactorial(n) - logFactorial(k) - logFactorial(n - k);
}

/** P(X <= k) for X ~ Binomial(n, 1/2). */
export function halfBinomialAtMost(k: number, n: number): number {
  let sum = 0;
  if (n <= EXACT_UP_TO) {
    // Products of halves and small integers are exact in doubles here: p = 0.25 reads 0.25, not 0.25000000000000006.
    let term = 0.5 ** n;
    for (let i = 0; i <= Math.min(k, n); i++) {
      sum += term;
      term = (term * (n - i)) / (i + 1);
    }
  } else for (let i = 0; i <= Math.min(k, n); i++) sum += Math.exp(logChoose(n, i) - n * Math.LN2);
  return Math.min(1, sum);
}

/** Below this many trials 0.5^n is a normal double, so the terms are multiplied out rather than taken from logs. */
const EXACT_UP_TO = 1000;

/**
 * P(X >= x) for X the successes among `n1` draws without replacement from `n1 + n2` items of which `successes`
 * are successes: Fisher's exact test, one-sided, on the 2x2 table (x, n1 - x / successes - x, n2 - successes + x).
 */
export function hypergeometricAtLeast(x: number, n1: number, n2: number, successes: number): number {
  const total = logChoose(n1 + n2, successes);
  let sum = 0;
  for (let i = Math.max(x, successes - n2, 0); i <= Math.min(n1, successes); i++) sum += Math.exp(logChoose(n1, i) + logChoose(n2, successes - i) - total);
  return Math.min(1, sum);
}
