// Preloaded into a measured process (node --require out/bench/report-usage.js ...): at exit it writes the
// process's own CPU time and peak RSS to $BENCH_USAGE_FILE, so the product needs no benchmark hooks.

import { writeFileSync } from 'node:fs';

const target = process.env.BENCH_USAGE_FILE;
if (target) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    writeFileSync(target, JSON.stringify({ userMs: usage.userCPUTime / 1000, systemMs: usage.systemCPUTime / 1000, maxRssKb: usage.maxRSS }));
  });
}
