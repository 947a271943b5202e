// Bundles the extension, the CLI and the simulator with esbuild.
// Usage: node scripts/build.mjs [--watch] [--minify]
import * as esbuild from 'esbuild';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';

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
  // scalarlm-lab: ES modules split by command (dist/cli/), so that a run loads only its command's code: `generate`
  // compiles a third of what `eval` does. The bundled CommonJS packages reach Node's built-ins through `require`,
  // and javascript-pool.ts finds the assertion worker through `__dirname`: the banner gives each module both.
  {
    ...node,
    format: 'esm',
    splitting: true,
    entryPoints: { main: 'src/cli/bin.ts' },
    outdir: 'dist/cli',
    outExtension: { '.js': '.mjs' },
    banner: {
      js: [
        "import { createRequire as __createRequire } from 'node:module';",
        "import { dirname as __dirnameOf } from 'node:path';",
        "import { fileURLToPath as __fileURLToPath } from 'node:url';",
        'const require = __createRequire(import.meta.url);',
        'const __filename = __fileURLToPath(import.meta.url);',
        'const __dirname = __dirnameOf(__filename);',
      ].join(' '),
    },
  },
  { ...node, entryPoints: ['src/sim/main.ts'], outfile: 'dist/sim.js', banner: { js: '#!/usr/bin/env node' } },
  // The worker thread `javascript` assertions run in, beside the bundles that start it (core/judge/javascript-pool.ts).
  { ...node, entryPoints: ['src/core/judge/assertion-worker.ts'], outfile: 'dist/assertion-worker.js' },
  { ...node, entryPoints: ['src/core/judge/assertion-worker.ts'], outfile: 'dist/cli/assertion-worker.js' },
];

// The package's bin: a CommonJS file (the package is not "type": "module") that loads the CLI's entry module.
// Chunk names change with their content: the CLI's folder starts empty.
rmSync('dist/cli', { recursive: true, force: true });
mkdirSync('dist/cli', { recursive: true });
writeFileSync('dist/cli.js', "#!/usr/bin/env node\n// scalarlm-lab: its modules are in cli/ (scripts/build.mjs).\nimport('./cli/main.mjs');\n");

if (watch) {
  for (const options of builds) await (await esbuild.context(options)).watch();
  console.log('esbuild: watching');
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
}
