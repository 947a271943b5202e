// The quick-start demo: starts the bundled simulator on a free port, sends examples/prompts.jsonl
// through `scalarlm-lab generate`, prints the results and the queue metrics, and stops the simulator.
// Usage: node scripts/demo-cli.mjs [extra generate flags]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

const cli = new URL('../dist/cli.js', import.meta.url).pathname;
const sim = spawn(process.execPath, [cli, 'sim', '--port', '0', '--quiet'], { stdio: ['ignore', 'pipe', 'inherit'] });

try {
  const url = await listeningUrl(sim);
  console.error(`Simulator: ${url}`);
  const code = await run([cli, 'generate', 'examples/prompts.jsonl', '--url', url, '--max-tokens', '32', ...process.argv.slice(2)]);
  await run([cli, 'metrics', '--url', url]);
  process.exitCode = code;
} finally {
  sim.kill('SIGTERM');
}

async function listeningUrl(child) {
  const lines = createInterface({ input: child.stdout });
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  try {
    for await (const line of lines) {
      const match = /listening on (http:\/\/\S+)/.exec(line);
      if (match) return match[1];
    }
    throw new Error('The simulator exited before it was listening.');
  } finally {
    clearTimeout(timer);
  }
}

async function run(args) {
  const child = spawn(process.execPath, args, { stdio: 'inherit' });
  const [code] = await once(child, 'exit');
  return code ?? 1;
}
