// The house's floors, as lint rules (as copilot-chat's `import/no-restricted-paths` zones do, without the plugin):
// - floors: a folder imports only its own floor and lower ones; folders marked `apart` on a floor do not import
//   each other either (a feature builds on the floors below it, never on a sibling feature);
// - doors: a folder of src/core with an index.ts is entered through it from outside the folder;
// - no-cycle: no import circle anywhere in src/ (one graph of src/, built once per lint run).
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Low to high. A file's zone is the longest path that holds it. */
const FLOORS = [
  [0, ['src/protocol']],
  [10, ['src/core/api', 'src/core/yaml', 'src/core/files']],
  [11, ['src/core/prompts']],
  [12, ['src/core/datasets', 'src/core/templates', 'src/core/snippets', 'src/core/monitor', 'src/core/chat', 'src/core/evidence'], 'apart'],
  [20, ['src/core/runs']],
  [30, ['src/core/batch']],
  [40, ['src/core/jobs', 'src/core/judge', 'src/core/training'], 'apart'],
  [41, ['src/core/experiments/config']],
  [42, ['src/core/experiments']],
  [43, ['src/core/experiments/reports']],
  [50, ['src/host']],
  [51, ['src/host/runs']],
  [52, ['src/host/batch', 'src/host/chat', 'src/host/completions', 'src/host/deployment', 'src/host/notices', 'src/host/queue', 'src/host/server-requests', 'src/host/simulator', 'src/host/walkthrough', 'src/host/training'], 'apart'],
  [53, ['src/host/experiments']],
  [60, ['src/vscode']],
  [61, ['src/vscode/simulator']],
  [62, ['src/vscode/deployment']],
  [63, ['src/vscode/runs', 'src/vscode/prompt-files', 'src/vscode/queue'], 'apart'],
  [64, ['src/vscode/batch', 'src/vscode/experiments', 'src/vscode/chat', 'src/vscode/completions', 'src/vscode/server-requests', 'src/vscode/walkthrough', 'src/vscode/training'], 'apart'],
  [70, ['src/cli']],
  [71, ['src/cli/commands']],
  [72, ['src/cli/main.ts']],
  [73, ['src/cli/bin.ts']],
  [80, ['src/extension.ts']],
  // The webviews: their shared code, then the pages, which never import each other.
  [0, ['src/webview/shared']],
  [1, ['src/webview/chat', 'src/webview/completion', 'src/webview/experiments', 'src/webview/metrics', 'src/webview/results', 'src/webview/training'], 'apart'],
];
const ZONES = FLOORS.flatMap(([level, paths, apart]) => paths.map((p) => ({ path: p, level, apart: apart === 'apart' }))).sort((a, b) => b.path.length - a.path.length);

const posix = (p) => p.split(path.sep).join('/');
function zoneOf(file) {
  return ZONES.find((z) => file === z.path || file.startsWith(z.path + '/'));
}

function resolveImport(fromFile, spec) {
  const base = path.resolve(path.dirname(fromFile), spec);
  for (const candidate of [base + '.ts', path.join(base, 'index.ts'), base]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

function importSources(node) {
  return node.source && typeof node.source.value === 'string' ? node.source : undefined;
}

function onImports(check) {
  const visit = (node) => {
    const source = importSources(node);
    if (source && source.value.startsWith('.')) check(source);
  };
  return { ImportDeclaration: visit, ExportNamedDeclaration: visit, ExportAllDeclaration: visit, ImportExpression: visit };
}

const floors = {
  meta: { type: 'problem', schema: [], messages: { up: '{{from}} (floor {{fromLevel}}) may not import {{to}} (floor {{toLevel}}): a floor imports only its own and lower ones.', apart: '{{from}} and {{to}} are features on one floor and stay apart: move what both need to a floor below.' } },
  create(context) {
    const file = posix(path.relative(ROOT, context.filename));
    const from = zoneOf(file);
    if (!from) return {};
    return onImports((source) => {
      const target = resolveImport(context.filename, source.value);
      if (!target) return;
      const to = zoneOf(posix(path.relative(ROOT, target)));
      if (!to || to === from) return;
      if (to.level > from.level) context.report({ node: source, messageId: 'up', data: { from: from.path, to: to.path, fromLevel: from.level, toLevel: to.level } });
      else if (to.level === from.level && from.apart) context.report({ node: source, messageId: 'apart', data: { from: from.path, to: to.path } });
    });
  },
};

const doors = {
  meta: { type: 'problem', schema: [], messages: { door: '{{folder}} has an index.ts: import it through that door, not {{module}}.' } },
  create(context) {
    return onImports((source) => {
      const target = resolveImport(context.filename, source.value);
      if (!target || path.basename(target) === 'index.ts') return;
      const folder = path.dirname(target);
      if (!posix(path.relative(ROOT, folder)).startsWith('src/core/') || !fs.existsSync(path.join(folder, 'index.ts'))) return;
      if (context.filename.startsWith(folder + path.sep)) return;
      context.report({ node: source, messageId: 'door', data: { folder: posix(path.relative(ROOT, folder)), module: source.value } });
    });
  },
};

let cycles;
/** Every file of src/ that is in an import circle, with the circle it is in. */
function srcCycles() {
  if (cycles) return cycles;
  const graph = new Map();
  const pattern = /(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
  (function walk(dir) {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (p.endsWith('.ts')) {
        const targets = [];
        for (const m of fs.readFileSync(p, 'utf8').matchAll(pattern)) {
          const target = resolveImport(p, m[1] ?? m[2]);
          if (target?.endsWith('.ts')) targets.push(target);
        }
        graph.set(p, targets);
      }
    }
  })(path.join(ROOT, 'src'));
  // Tarjan's strongly connected components: a component of more than one file is a circle.
  cycles = new Map();
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) for (const f of component) cycles.set(f, component.map((c) => posix(path.relative(ROOT, c))));
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

const noCycle = {
  meta: { type: 'problem', schema: [], messages: { cycle: 'This file is in an import circle: {{files}}.' } },
  create(context) {
    return {
      Program(node) {
        const circle = srcCycles().get(path.resolve(context.filename));
        if (circle) context.report({ node, messageId: 'cycle', data: { files: circle.join(', ') } });
      },
    };
  },
};

export default { rules: { floors, doors, 'no-cycle': noCycle } };
