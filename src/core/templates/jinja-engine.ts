// Jinja2 templates through nunjucks. One environment with no loaders (nothing can be included from disk),
// autoescape off (prompts are not HTML), Jinja2's whitespace defaults (trim_blocks and lstrip_blocks off,
// one trailing newline dropped), and no filters from the workspace: only nunjucks' own plus `tojson`.
//
// Each template is parsed once, its tree checked (analyseJinja), its outputs marked (markOutputs: so the role
// splitter can tell values from template text), then compiled once; a render is one call of the compiled function.

import type { Environment } from 'nunjucks';
import { unrenderable, type EngineProgram } from './engine-program';
import { analyseJinja, type JinjaNames } from './jinja-analysis';
import { markOutputs, nunjucksValueFilter, templateFilter, valueFilter } from './jinja-output-marks';
import { applyJinja2Semantics, jinja2FilterNames, jinja2Filters } from './jinja2-semantics';
import { checkMarkerLines, type TextRun } from './marker-check';
import { childNodes, internals, type NunjucksError, type NunjucksNode, type NunjucksNodeList } from './nunjucks-internals';
import { TemplateError } from './template-error';
import type { TemplateSource } from './types';
import { markTemplateOutput, markValue, protectTemplateText, valueText } from './value-spans';

let shared: { env: Environment; names: JinjaNames } | undefined;

function environment(): { env: Environment; names: JinjaNames } {
  if (shared !== undefined) return shared;
  const env = new internals.Environment([], { autoescape: false, throwOnUndefined: false, trimBlocks: false, lstripBlocks: false });
  // Jinja2's tojson escapes <, > and & for HTML; a prompt wants the JSON itself.
  env.addFilter('tojson', (value: unknown, indent?: number) => JSON.stringify(unwrapSafe(value), null, indent) ?? '');
  for (const [name, filter] of Object.entries(jinja2Filters)) env.addFilter(name, filter);
  // promptfoo's own filter: `{{ text | load }}` reads a JSON text into a value.
  env.addFilter('load', (value: unknown) => JSON.parse(String(unwrapSafe(value))) as unknown);
  env.addFilter(valueFilter, (value: unknown, line: number) => markValue(valueText(unwrapSafe(value)), line));
  // As nunjucks prints an output itself: nothing for null and undefined, else JavaScript's String().
  env.addFilter(nunjucksValueFilter, (value: unknown, line: number) => markValue(value === undefined || value === null ? '' : String(unwrapSafe(value)), line));
  env.addFilter(templateFilter, (value: unknown, line: number) => markTemplateOutput(valueText(unwrapSafe(value)), line));
  const registry = env as unknown as { filters: object; tests: object; globals: object };
  const names: JinjaNames = {
    filters: new Set(Object.keys(registry.filters).filter((name) => name !== valueFilter && name !== nunjucksValueFilter && name !== templateFilter && !jinja2FilterNames.has(name))),
    tests: new Set(Object.keys(registry.tests)),
    globals: new Set(Object.keys(registry.globals)),
  };
  shared = { env, names };
  return shared;
}

function unwrapSafe(value: unknown): unknown {
  return value instanceof internals.runtime.SafeString ? value.val : value;
}

export function prepareJinja(source: TemplateSource): EngineProgram {
  const { env, names } = environment();
  const protectedText = protectTemplateText(source.body);
  const nunjucks = source.renderer === 'nunjucks';
  const text = nunjucks ? protectedText : protectedText.replace(/\n$/, '');
  let root: NunjucksNodeList;
  try {
    root = internals.parser.parse(text, [], { trimBlocks: false, lstripBlocks: false });
  } catch (error) {
    return { variables: [], errors: [syntaxError(error as NunjucksError, source)], render: unrenderable };
  }
  const analysis = analyseJinja(root, source, names);
  const errors = [...analysis.errors, ...textRuns(root, source).flatMap((run) => checkMarkerLines(run, source.file))];
  if (errors.length > 0) return { variables: analysis.variables, errors, render: unrenderable };

  if (!nunjucks) applyJinja2Semantics(root);
  markOutputs(root, source.bodyStartLine, nunjucks ? nunjucksValueFilter : valueFilter);
  let template: { render(context: object): string } | undefined;
  return {
    variables: analysis.variables,
    errors,
    render(vars) {
      // Compiled on the first render, never before: a template refused in Restricted Mode is never turned into code.
      template ??= compile(root, source, env);
      try {
        return template.render(vars);
      } catch (error) {
        throw renderError(error as NunjucksError, source);
      }
    },
  };
}

function compile(root: NunjucksNode, source: TemplateSource, env: Environment): { render(context: object): string } {
  const compiler = new internals.compiler.Compiler(source.file, false);
  compiler.compile(root);
  // This is what nunjucks itself does with the code it generates (Template._compile).
  const properties = new Function(compiler.getCode())() as object;
  return new internals.Template({ type: 'code', obj: properties }, env, source.file);
}

/** The template's literal text, for the role marker check. */
function textRuns(root: NunjucksNodeList, source: TemplateSource): TextRun[] {
  const runs: TextRun[] = [];
  const visit = (node: NunjucksNode, isLast: boolean): void => {
    if (node.typename === 'TemplateData') {
      runs.push({ text: String(node.value), line: source.bodyStartLine + node.lineno, startsLine: node.colno === 0, endsLine: isLast });
      return;
    }
    const children = childNodes(node);
    children.forEach((child, index) => visit(child, isLast && index === children.length - 1));
  };
  visit(root, true);
  return runs;
}

function syntaxError(error: NunjucksError, source: TemplateSource): TemplateError {
  if (!(error instanceof Error)) throw error;
  const message = error.message.replace(/^\(.*?\)\s*(\[Line \d+, Column \d+\])?\s*/, '').replace(/^parse\w*: /, '');
  // nunjucks numbers syntax error lines from 1, and gives none at the end of the template.
  const bodyLines = source.body.split('\n').length;
  const line = error.lineno === undefined ? bodyLines : error.lineno;
  const location = { file: source.file, line: source.bodyStartLine + line - 1 };
  return new TemplateError(error.colno === undefined ? location : { ...location, column: error.colno }, `Jinja2 syntax error: ${message}`);
}

function renderError(error: NunjucksError, source: TemplateSource): Error {
  if (!(error instanceof Error)) return new Error(String(error));
  // Render errors come as "(file) [Line 2, Column 6]\n  Error: ..." with 0-based numbers.
  const match = /\[Line (\d+), Column (\d+)\]/.exec(error.message);
  const message = error.message.replace(/^[\s\S]*?\n\s*/, '').replace(/^(Type|Reference|Range)?Error: /, '');
  const line = source.bodyStartLine + (match === null ? 0 : Number(match[1]));
  const location = match === null ? { file: source.file, line } : { file: source.file, line, column: Number(match[2]) + 1 };
  return new TemplateError(location, message);
}
