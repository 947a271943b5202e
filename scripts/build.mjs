// Bundles the extension, the CLI and the simulator with esbuild.
// Usage: node scripts/build.mjs [--watch] [--minify]
import * as esbuild from 'esbuild';
import { existsSync, readdirSync } from 'node:fs';

const watch = process.argv.includes('--watch');
const minify = process.argv.includes('--minify');

const node = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  minify,
  logLevel: 'warning',
};

// Each folder of src/webview with a main.ts is one webview's browser bundle: dist/webview/<folder>.js.
const webviews = readdirSync('src/webview', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(`src/webview/${entry.name}/main.ts`))
  .map((entry) => ({
    bundle: true,
    platform: 'browser',
    target: 'es2022',
    format: 'iife',
    sourcemap: true,
    minify,
    logLevel: 'warning',
    entryPoints: [`src/webview/${entry.name}/main.ts`],
    outfile: `dist/webview/${entry.name}.js`,
  }));

const builds = [
  ...webviews,
  // The banner records when the bundle began loading: activation reports the load time beside its own.
  { ...node, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'], banner: { js: 'globalThis.__scalarlmLoadStarted = performance.now();' } },
  { ...node, entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
  { ...node, entryPoints: ['src/sim/main.ts'], outfile: 'dist/sim.js', banner: { js: '#!/usr/bin/env node' } },
  // The worker thread `javascript` assertions run in, beside the bundles that start it (core/judge/javascript-pool.ts).
  { ...node, entryPoints: ['src/core/judge/assertion-worker.ts'], outfile: 'dist/assertion-worker.js' },
];

if (watch) {
  for (const options of builds) await (await esbuild.context(options)).watch();
  console.log('esbuild: watching');
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
}
