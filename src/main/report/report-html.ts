/**
 * The evidence report as one self-contained HTML document: inline style, an inline SVG picture,
 * no script, and a Content-Security-Policy that forbids every network load, so it opens offline
 * and shows the same thing anywhere. Every string from the case (much of it written by sources) is
 * escaped: a WHOIS field holding `<script>` is shown as those characters. Sections, in order:
 * notes and flags, seeds and runs, the picture, entities by type, edges with provenance, changes
 * since a chosen run, and the appendix of raw replies with their SHA-256 (docs/changes.md).
 */
import { assetLabel } from '../../shared/model/asset';
import type { CaseChange } from '../../shared/model/changes';
import type { Edge, Entity } from '../../shared/model/graph';
import type { SessionRecord } from '../../engine/index';
import { escapeHtml as h } from './escape';
import type { ReportData } from './report-data';
import { REPORT_STYLE } from './report-style';
import { graphSvg, layoutOf } from './report-svg';

/** Forbids every load: no script, no font, no image, no frame, no connection. Inline style only. */
export const REPORT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

export function renderReport(data: ReportData): string {
  const scope =
    data.selection === undefined ? 'the whole case' : `a selection of ${data.selection.entities} entities`;
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${h(REPORT_CSP)}">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${h(`Evidence report: ${data.title}`)}</title>`,
    `<style>${REPORT_STYLE}</style>`,
    '</head><body>',
    '<header>',
    `<h1>Evidence report: ${h(data.title)}</h1>`,
    `<p class="meta">Case <code>${h(data.location)}</code> · generated ${h(data.generatedAt)} · covers ${h(scope)} · ` +
      `${data.entities.length} entities, ${data.edges.length} edges, ${data.replies.length} raw replies</p>`,
    tableOfContents(),
    '</header>',
    '<main>',
    notesSection(data),
    runsSection(data.sessions),
    pictureSection(data),
    entitiesSection(data),
    edgesSection(data.edges, data.entities),
    changesSection(data),
    repliesSection(data),
    '</main>',
    '</body></html>',
    '',
  ].join('\n');
}

const SECTIONS: readonly [string, string][] = [
  ['notes', 'Notes and flags'],
  ['runs', 'Seeds and runs'],
  ['graph', 'Picture of the graph'],
  ['entities', 'Entities by type'],
  ['edges', 'Edges and their provenance'],
  ['changes', 'Changes'],
  ['replies', 'Appendix: raw source replies'],
];

function tableOfContents(): string {
  const items = SECTIONS.map(([id, title]) => `<li><a href="#${id}">${h(title)}</a></li>`);
  return `<nav><ol>${items.join('')}</ol></nav>`;
}

function section(id: string, body: string): string {
  const title = SECTIONS.find(([key]) => key === id)?.[1] ?? id;
  return `<section id="${id}"><h2>${h(title)}</h2>\n${body}\n</section>`;
}

function notesSection(data: ReportData): string {
  if (data.notes === undefined) {
    return section(
      'notes',
      '<p class="empty">This case keeps no investigator notes or flags (this version of the case store has none to read).</p>',
    );
  }
  const { notes, flags } = data.notes;
  if (notes.length === 0 && flags.length === 0) {
    return section('notes', '<p class="empty">The investigator left no notes or flags in this case.</p>');
  }
  const flagRows = flags.map(
    (flag) =>
      `<tr><td><code>${h(flag.entity)}</code></td><td>${h(flag.flag)}</td><td>${h(flag.at)}</td></tr>`,
  );
  const noteItems = notes.map(
    (note) =>
      `<li><p>${h(note.text)}</p><p class="meta">${note.entity === undefined ? 'the case' : `<code>${h(note.entity)}</code>`}` +
      `${note.author === undefined ? '' : ` · ${h(note.author)}`}${note.at === undefined ? '' : ` · ${h(note.at)}`}</p></li>`,
  );
  return section(
    'notes',
    (flags.length === 0
      ? ''
      : `<h3>Flags</h3><table><thead><tr><th>Entity or edge</th><th>Flag</th><th>When</th></tr></thead><tbody>${flagRows.join('')}</tbody></table>`) +
      (notes.length === 0 ? '' : `<h3>Notes</h3><ul class="notes">${noteItems.join('')}</ul>`),
  );
}

function runsSection(sessions: readonly SessionRecord[]): string {
  if (sessions.length === 0) {
    return section('runs', '<p class="empty">No run is recorded in this case.</p>');
  }
  const rows = sessions.map((record) => {
    const summary = record.summary;
    const requests = Object.entries(summary?.requestsBySource ?? {})
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([source, count]) => `${h(source)}: ${count}`)
      .join('<br>');
    const total = Object.values(summary?.requestsBySource ?? {}).reduce((sum, count) => sum + count, 0);
    return (
      `<tr><td><code>${h(record.id)}</code>${record.action === undefined ? '' : `<br>${h(record.action)}`}</td>` +
      `<td>${h(record.startedAt)}<br>${h(record.finishedAt ?? 'unfinished')}</td>` +
      `<td>${record.seeds.map((seed) => `<code>${h(seed)}</code>`).join('<br>')}</td>` +
      `<td>${record.depth}</td><td>${requests === '' ? 'none' : `${requests}<br><b>${total} in all</b>`}</td>` +
      `<td>${summary === undefined ? '' : `done ${summary.done}, failed ${summary.failed}, from the case ${summary.cacheHits}`}</td></tr>`
    );
  });
  return section(
    'runs',
    '<table><thead><tr><th>Run</th><th>Started / finished</th><th>Seeds</th><th>Depth</th>' +
      `<th>Requests by source</th><th>Handler runs</th></tr></thead><tbody>${rows.join('\n')}</tbody></table>`,
  );
}

function pictureSection(data: ReportData): string {
  const seeds = data.sessions.flatMap((record) => record.seeds);
  const layout = layoutOf(data.entities, data.edges, data.positions, seeds);
  const gone = new Set(data.edges.filter(isGone).map((edge) => edge.id));
  const placed = Object.keys(data.positions).length;
  const how =
    placed === 0
      ? 'No node positions are kept in the case: the nodes are laid out in rings around the seeds.'
      : placed === data.entities.length
        ? 'Nodes where the investigator left them on the canvas.'
        : `${placed} nodes where the investigator left them; the others in rings around the seeds.`;
  return section(
    'graph',
    `<p class="meta">${h(how)} Dashed lines: no longer confirmed.</p>${graphSvg(data.entities, data.edges, layout, gone)}`,
  );
}

function isGone(edge: Edge): boolean {
  return edge.sources.length > 0 && edge.sources.every((source) => source.goneAt !== undefined);
}

function entitiesSection(data: ReportData): string {
  if (data.entities.length === 0) {
    return section('entities', '<p class="empty">No entities.</p>');
  }
  const confidence = confidenceBySource(data.edges);
  const byType = new Map<string, Entity[]>();
  for (const entity of data.entities) {
    byType.set(entity.type, [...(byType.get(entity.type) ?? []), entity]);
  }
  const parts: string[] = [];
  for (const type of [...byType.keys()].sort()) {
    const rows = (byType.get(type) ?? []).map((entity) => entityRow(entity, confidence.get(entity.id)));
    parts.push(
      `<h3>${h(type)} (${rows.length})</h3>` +
        chunkedTable(
          ['Entity', 'Fields', 'Sources (confidence)', 'First seen / last changed', 'Last asked'],
          [22, 36, 12, 15, 15],
          rows,
        ),
    );
  }
  return section('entities', parts.join('\n'));
}

/** Per entity, the highest confidence each source gave to an edge touching it. */
function confidenceBySource(edges: readonly Edge[]): Map<string, Map<string, number>> {
  const result = new Map<string, Map<string, number>>();
  for (const edge of edges) {
    for (const end of [edge.from, edge.to]) {
      const bySource = result.get(end) ?? new Map<string, number>();
      for (const source of edge.sources) {
        bySource.set(source.name, Math.max(bySource.get(source.name) ?? 0, source.confidence));
      }
      result.set(end, bySource);
    }
  }
  return result;
}

function entityRow(entity: Entity, confidence: Map<string, number> | undefined): string {
  const fields = Object.entries(entity.asset as unknown as Record<string, unknown>)
    .map(([key, value]) => `<dt>${h(key)}</dt><dd>${h(value)}</dd>`)
    .join('');
  const sources = [...new Set(entity.tags.filter((tag) => tag.name === 'source').map((tag) => tag.value))]
    .sort()
    .map((name) => `${h(name)}${confidence?.has(name) === true ? ` (${confidence.get(name)})` : ''}`)
    .join('<br>');
  const asked = entity.tags
    .filter((tag) => tag.name === 'last_monitored')
    .map(
      (tag) => `${h(tag.value)}${tag.handler === undefined ? '' : ` ${h(tag.handler)}`}: ${h(tag.updatedAt)}`,
    )
    .join('<br>');
  return (
    `<tr id="e-${h(anchor(entity.id))}"><td><b>${h(assetLabel(entity))}</b><br><code>${h(entity.id)}</code></td>` +
    `<td><dl>${fields}</dl></td><td>${sources}</td><td>${h(entity.createdAt)}<br>${h(entity.updatedAt)}</td><td>${asked}</td></tr>`
  );
}

function edgesSection(edges: readonly Edge[], entities: readonly Entity[]): string {
  if (edges.length === 0) {
    return section('edges', '<p class="empty">No edges.</p>');
  }
  const labels = new Map(entities.map((entity) => [entity.id, assetLabel(entity)]));
  const rows = edges.map((edge) => {
    const sources = edge.sources
      .map(
        (source) =>
          `${h(source.name)} (${source.confidence}): first ${h(source.createdAt)}, last confirmed ${h(source.updatedAt)}` +
          (source.goneAt === undefined
            ? ''
            : ` <b class="gone">no longer confirmed since ${h(source.goneAt)}</b>`),
      )
      .join('<br>');
    const properties = Object.entries(edge.properties)
      .map(([key, value]) => `${h(key)}=${h(value)}`)
      .join('<br>');
    return (
      `<tr><td>${h(labels.get(edge.from) ?? edge.from)}</td><td>${h(edge.relation)}</td>` +
      `<td>${h(labels.get(edge.to) ?? edge.to)}</td><td>${sources}</td><td>${properties}</td></tr>`
    );
  });
  return section(
    'edges',
    chunkedTable(['From', 'Relation', 'To', 'Sources and times', 'Properties'], [22, 11, 22, 30, 15], rows),
  );
}

function changesSection(data: ReportData): string {
  if (data.changes === undefined) {
    return section('changes', '<p class="empty">This case keeps no change records.</p>');
  }
  const since = data.changes.since;
  const heading =
    since === undefined
      ? 'Every change the case recorded.'
      : `Changes since the run ${since.id} of ${since.startedAt}.`;
  if (data.changes.list.length === 0) {
    return section('changes', `<p class="meta">${h(heading)}</p><p class="empty">Nothing changed.</p>`);
  }
  const rows = data.changes.list.map(changeRow);
  return section(
    'changes',
    `<p class="meta">${h(heading)}</p>` +
      chunkedTable(
        ['Change', 'Entity or edge', 'Field', 'Before', 'After', 'Source'],
        [9, 33, 12, 19, 19, 8],
        rows,
      ),
  );
}

function changeRow(change: CaseChange): string {
  return (
    `<tr class="${change.change}"><td>${h(change.change)}</td><td><code>${h(change.entity ?? change.edge)}</code></td>` +
    `<td>${h(change.field)}</td><td>${h(change.before)}</td><td>${h(change.after)}</td><td>${h(change.source)}</td></tr>`
  );
}

function repliesSection(data: ReportData): string {
  if (data.replies.length === 0) {
    return section('replies', '<p class="empty">No raw reply is kept for these entities.</p>');
  }
  const items = data.replies.map(
    (reply, index) =>
      `<article class="reply" id="reply-${index + 1}"><h3>Reply ${index + 1}: ${h(reply.source)}</h3><dl class="reply-meta">` +
      `<dt>SHA-256</dt><dd><code class="sha256">${reply.sha256}</code></dd>` +
      `<dt>Address</dt><dd><code>${h(reply.url)}</code></dd><dt>Fetched</dt><dd>${h(reply.receivedAt)}</dd>` +
      `<dt>Handler</dt><dd>${h(reply.handlers.join(', '))}</dd>` +
      `<dt>Behind</dt><dd>${reply.entities.map((id) => `<code>${h(id)}</code>`).join(' ')}</dd></dl>` +
      (reply.scrubbed
        ? '<p class="meta">Secrets in this reply are masked below; the SHA-256 is of the reply as the case keeps it.</p>'
        : '') +
      `<pre>${h(reply.text)}</pre></article>`,
  );
  return section(
    'replies',
    '<p class="meta">Every reply the entities above were read from, as received (secrets masked). The SHA-256 is of the ' +
      'reply text as kept in the case, so a copy of the case proves each one.</p>' +
      items.join('\n'),
  );
}

/** Rows per chunk: a chunk off screen is not laid out (content-visibility), so a big case opens fast. */
const CHUNK_ROWS = 100;

/**
 * A long table as chunks of fixed-layout tables with one column plan (percent widths): the
 * browser lays out only the chunks on screen, and prints every one.
 */
function chunkedTable(
  headings: readonly string[],
  widths: readonly number[],
  rows: readonly string[],
): string {
  const columns = `<colgroup>${widths.map((width) => `<col style="width:${width}%">`).join('')}</colgroup>`;
  const head = `<thead><tr>${headings.map((heading) => `<th>${h(heading)}</th>`).join('')}</tr></thead>`;
  const chunks: string[] = [];
  for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
    const body = rows.slice(start, start + CHUNK_ROWS).join('\n');
    chunks.push(
      `<div class="chunk"><table class="fixed">${columns}${start === 0 ? head : ''}<tbody>${body}</tbody></table></div>`,
    );
  }
  return chunks.join('\n');
}

function anchor(id: string): string {
  return id.replace(/[^A-Za-z0-9_-]/g, '_');
}
