// The HTML report's stylesheet, inline so the file needs nothing else: system fonts, light and dark.

export const HTML_REPORT_STYLE = `
:root { color-scheme: light dark; --fg: #1f2328; --muted: #59636e; --bg: #ffffff; --panel: #f6f8fa; --line: #d1d9e0;
  --pass: #1a7f37; --fail: #cf222e; --error: #bc4c00; --pending: #6e7781; --answered: #0969da; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #e6edf3; --muted: #9198a1; --bg: #0d1117; --panel: #151b23; --line: #3d444d;
    --pass: #3fb950; --fail: #f85149; --error: #db6d28; --pending: #9198a1; --answered: #4493f8; }
}
* { box-sizing: border-box; }
body { margin: 0; padding: 24px; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 17px; margin: 28px 0 8px; }
.meta { color: var(--muted); margin: 0 0 12px; }
code, pre { font: 12.5px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.counts { display: flex; flex-wrap: wrap; gap: 8px; list-style: none; padding: 0; margin: 0; }
.counts li { border: 1px solid var(--line); border-radius: 6px; padding: 6px 12px; background: var(--panel); }
.counts b { font-size: 18px; margin-right: 4px; }
table { border-collapse: collapse; }
th, td { border: 1px solid var(--line); padding: 6px 8px; text-align: left; vertical-align: top; }
thead th { background: var(--panel); position: sticky; top: 0; }
.figures td.n { text-align: right; font-variant-numeric: tabular-nums; }
.matrix { table-layout: fixed; }
.vars { margin: 4px 0 0; padding: 0; list-style: none; color: var(--muted); font-size: 12.5px; overflow-wrap: anywhere; }
.cell + .cell { border-top: 1px dashed var(--line); margin-top: 8px; padding-top: 8px; }
.badge { display: inline-block; border-radius: 10px; padding: 0 8px; font-size: 12px; font-weight: 600; color: #fff; }
.badge.pass { background: var(--pass); } .badge.fail { background: var(--fail); } .badge.error { background: var(--error); }
.badge.pending { background: var(--pending); } .badge.answered { background: var(--answered); }
.badge.regressed { background: var(--fail); } .badge.improved { background: var(--pass); }
.badge.fewer-passes, .badge.more-passes { background: var(--pending); }
.baseline { margin: 8px 0 0; }
.badge.review-good { background: var(--pass); } .badge.review-bad { background: var(--fail); }
.review { margin: 6px 0 0; }
.seen { display: inline-block; margin-left: 6px; border: 1px solid var(--answered); border-radius: 10px; padding: 0 6px; font-size: 11.5px; color: var(--answered); }
.seen.unknown { border-style: dashed; color: var(--muted); border-color: var(--muted); }
.split { display: block; color: var(--muted); font-size: 12.5px; }
.score, .repeat { color: var(--muted); margin-left: 6px; font-size: 12.5px; }
.reason { margin: 4px 0; overflow-wrap: anywhere; }
.assertions { margin: 4px 0; padding-left: 18px; color: var(--fail); overflow-wrap: anywhere; }
.assertions .informational { color: var(--muted); }
pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 6px 0 0; padding: 6px 8px; background: var(--panel); border-radius: 4px; max-height: 480px; overflow: auto; }
pre.error { color: var(--error); }
details summary { cursor: pointer; color: var(--muted); overflow-wrap: anywhere; }
.missing { color: var(--muted); }
`;
