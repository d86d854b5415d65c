/** The report's inline style sheet: readable on screen, clean on paper (docs/changes.md). */
export const REPORT_STYLE = `
:root { color-scheme: light; }
body { font: 13px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d232b; margin: 0 auto; max-width: 1200px; padding: 24px; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 18px; border-bottom: 2px solid #2f6fb2; padding-bottom: 3px; margin-top: 32px; }
h3 { font-size: 14px; margin: 18px 0 6px; }
.meta { color: #555f6b; font-size: 12px; }
.empty { color: #555f6b; font-style: italic; }
nav ol { columns: 2; font-size: 12px; }
code { font: 11.5px/1.35 ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; font-size: 12px; }
th, td { border: 1px solid #d5dbe2; padding: 4px 6px; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
th { background: #eef2f6; }
tr { break-inside: avoid; }
table.fixed { table-layout: fixed; }
.chunk, article.reply { content-visibility: auto; contain-intrinsic-size: auto 3000px; }
.chunk + .chunk table { border-top: 0; }
dl { margin: 0; }
dt { color: #555f6b; display: inline; }
dt::after { content: ": "; }
dd { margin: 0; display: inline; overflow-wrap: anywhere; }
dd::after { content: ""; display: block; }
svg.graph { width: 100%; height: auto; max-height: 900px; border: 1px solid #d5dbe2; background: #fbfcfd; }
svg.graph line { stroke: #9aa6b2; stroke-width: 1.2; }
svg.graph line.gone, svg.graph path.gone { stroke-dasharray: 6 4; stroke: #b23b3b; }
svg.graph path.edges { stroke: #9aa6b2; stroke-width: 1.2; fill: none; }
svg.graph text { font: 10px system-ui, sans-serif; text-anchor: middle; fill: #1d232b; }
.gone { color: #b23b3b; }
tr.added td:first-child { color: #2f7d32; font-weight: 600; }
tr.gone td:first-child { color: #b23b3b; font-weight: 600; }
tr.changed td:first-child { color: #a46a00; font-weight: 600; }
article.reply { border: 1px solid #d5dbe2; border-radius: 4px; padding: 8px 10px; margin: 10px 0; }
article.reply h3 { margin-top: 0; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; font: 11px/1.35 ui-monospace, Menlo, Consolas, monospace; background: #f6f8fa; padding: 8px; max-height: none; }
@media print {
  body { max-width: none; padding: 0; font-size: 10.5pt; }
  nav { display: none; }
  h2 { break-before: page; break-after: avoid; }
  section:first-of-type h2 { break-before: auto; }
  h3 { break-after: avoid; }
  svg.graph { max-height: 24cm; break-inside: avoid; }
  article.reply { break-inside: auto; }
  .chunk, article.reply { content-visibility: visible; }
  a { color: inherit; text-decoration: none; }
}
`;
