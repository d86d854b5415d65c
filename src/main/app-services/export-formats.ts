/** GraphML and CSV renderings of the JSON export (the JSON itself is the engine's exportJson()). */
import { assetLabel } from '../../shared/model/asset';
import type { GraphExport } from '../../shared/model/graph';

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD');
}

function labelOf(entity: GraphExport['entities'][number]): string {
  return assetLabel({ type: entity.type, asset: entity.asset } as Parameters<typeof assetLabel>[0]);
}

/** GraphML for Gephi and Cytoscape desktop: node type/label/asset JSON, edge relation/sources. */
export function toGraphml(graph: GraphExport): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns">',
    '  <key id="type" for="node" attr.name="type" attr.type="string"/>',
    '  <key id="label" for="node" attr.name="label" attr.type="string"/>',
    '  <key id="asset" for="node" attr.name="asset" attr.type="string"/>',
    '  <key id="relation" for="edge" attr.name="relation" attr.type="string"/>',
    '  <key id="sources" for="edge" attr.name="sources" attr.type="string"/>',
    '  <key id="confidence" for="edge" attr.name="confidence" attr.type="int"/>',
    '  <graph id="G" edgedefault="directed">',
  ];
  for (const entity of graph.entities) {
    lines.push(
      `    <node id="${escapeXml(entity.id)}">`,
      `      <data key="type">${escapeXml(entity.type)}</data>`,
      `      <data key="label">${escapeXml(labelOf(entity))}</data>`,
      `      <data key="asset">${escapeXml(JSON.stringify(entity.asset))}</data>`,
      '    </node>',
    );
  }
  for (const edge of graph.edges) {
    const confidence = Math.max(0, ...edge.sources.map((source) => source.confidence));
    lines.push(
      `    <edge id="${escapeXml(edge.id)}" source="${escapeXml(edge.from)}" target="${escapeXml(edge.to)}">`,
      `      <data key="relation">${escapeXml(edge.relation)}</data>`,
      `      <data key="sources">${escapeXml(edge.sources.map((source) => source.name).join(';'))}</data>`,
      `      <data key="confidence">${confidence}</data>`,
      '    </edge>',
    );
  }
  lines.push('  </graph>', '</graphml>', '');
  return lines.join('\n');
}

/** RFC 4180 field; a leading formula character is neutralised so spreadsheets show it as text. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function csvRow(values: string[]): string {
  return values.map(csvField).join(',');
}

/** Two CSV tables: nodes (id, type, label, asset JSON) and edges (one row per edge). */
export function toCsv(graph: GraphExport): { nodes: string; edges: string } {
  const nodes = [csvRow(['id', 'type', 'label', 'asset'])];
  for (const entity of graph.entities) {
    nodes.push(csvRow([entity.id, entity.type, labelOf(entity), JSON.stringify(entity.asset)]));
  }
  const edges = [csvRow(['id', 'from', 'to', 'relation', 'sources', 'confidence'])];
  for (const edge of graph.edges) {
    edges.push(
      csvRow([
        edge.id,
        edge.from,
        edge.to,
        edge.relation,
        edge.sources.map((source) => source.name).join(';'),
        String(Math.max(0, ...edge.sources.map((source) => source.confidence))),
      ]),
    );
  }
  return { nodes: `${nodes.join('\r\n')}\r\n`, edges: `${edges.join('\r\n')}\r\n` };
}
