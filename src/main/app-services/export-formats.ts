/**
 * GraphML, GEXF and CSV renderings of the JSON export (the JSON itself is the engine's exportJson(),
 * given the canvas positions by withPositions).
 */
import { ANNOTATION_ATTRIBUTES, annotationColumns } from './export-annotations';
import { assetLabel } from '../../shared/model/asset';
import { ASSET_LOOKS, rgbOf } from '../../shared/model/asset-looks';
import type { GraphExport } from '../../shared/model/graph';
import { escapeXml } from '../../shared/util/xml';

function labelOf(entity: GraphExport['entities'][number]): string {
  return assetLabel({ type: entity.type, asset: entity.asset } as Parameters<typeof assetLabel>[0]);
}

/** Where each entity is drawn (the case's saved canvas positions); entities without one have none. */
export type ExportPositions = Record<string, { x: number; y: number } | undefined>;

/** The JSON export with `position: {x, y}` on every entity the canvas has placed. */
export function withPositions(graph: GraphExport, positions: ExportPositions): GraphExport {
  return {
    ...graph,
    entities: graph.entities.map((entity) => {
      const at = positions[entity.id];
      return at === undefined ? entity : { ...entity, position: { x: at.x, y: at.y } };
    }),
  };
}

type AttributeType = 'string' | 'boolean' | 'int' | 'double';
type Scalar = string | number | boolean;

/** One typed attribute per field: numbers stay numbers, lists and objects become JSON text. */
interface Attribute {
  id: string;
  name: string;
  type: AttributeType;
}

function scalarOf(value: unknown): Scalar | undefined {
  if (value === undefined || value === null) {
    return undefined;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return value;
  }
  return JSON.stringify(value);
}

function typeOf(value: Scalar): AttributeType {
  if (typeof value === 'boolean') {
    return 'boolean';
  }
  if (typeof value === 'number') {
    return Number.isInteger(value) ? 'int' : 'double';
  }
  return 'string';
}

/** Widens a column's type when rows disagree (int + double = double, anything else = string). */
function widen(before: AttributeType | undefined, next: AttributeType): AttributeType {
  if (before === undefined || before === next) {
    return next;
  }
  const numeric = new Set<AttributeType>(['int', 'double']);
  return numeric.has(before) && numeric.has(next) ? 'double' : 'string';
}

/** Names the exporters write themselves; an asset field of the same name gets an `asset_` prefix. */
const RESERVED = new Set([
  'type',
  'label',
  'x',
  'y',
  'r',
  'g',
  'b',
  'color',
  'weight',
  'relation',
  'sources',
  'confidence',
  'first_seen',
  'last_confirmed',
  'flag',
  'notes',
]);

function columns(rows: Iterable<Record<string, unknown>>, prefix: string): Map<string, Attribute> {
  const types = new Map<string, AttributeType>();
  for (const row of rows) {
    for (const [field, value] of Object.entries(row)) {
      const scalar = scalarOf(value);
      if (scalar !== undefined) {
        types.set(field, widen(types.get(field), typeOf(scalar)));
      }
    }
  }
  const result = new Map<string, Attribute>();
  for (const [field, type] of [...types].sort(([a], [b]) => (a < b ? -1 : 1))) {
    result.set(field, { id: `${prefix}${field}`, name: field, type });
  }
  return result;
}

/** An asset's fields, a field named like one of the exporter's own columns renamed `asset_<name>`. */
function assetRow(entity: GraphExport['entities'][number]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(entity.asset)) {
    row[RESERVED.has(field) ? `asset_${field}` : field] = value;
  }
  return row;
}

function formatted(value: Scalar, type: AttributeType): string {
  return type === 'string' ? escapeXml(String(value)) : String(value);
}

// The type's colour as r/g/b (what Gephi's GraphML import reads) and as `color` text (#rrggbb).
const NODE_BASICS: Attribute[] = [
  { id: 'type', name: 'type', type: 'string' },
  { id: 'label', name: 'label', type: 'string' },
  { id: 'x', name: 'x', type: 'double' },
  { id: 'y', name: 'y', type: 'double' },
  { id: 'r', name: 'r', type: 'int' },
  { id: 'g', name: 'g', type: 'int' },
  { id: 'b', name: 'b', type: 'int' },
  { id: 'color', name: 'color', type: 'string' },
  ...ANNOTATION_ATTRIBUTES,
];
// `label` (the relation, Gephi's and yEd's edge label) and `weight` (the highest confidence / 100).
const EDGE_BASICS: Attribute[] = [
  { id: 'label', name: 'label', type: 'string' },
  { id: 'weight', name: 'weight', type: 'double' },
  { id: 'relation', name: 'relation', type: 'string' },
  { id: 'sources', name: 'sources', type: 'string' },
  { id: 'confidence', name: 'confidence', type: 'int' },
  // ISO 8601 text: GraphML has no date type, and Gephi reads the text as is.
  { id: 'first_seen', name: 'first_seen', type: 'string' },
  { id: 'last_confirmed', name: 'last_confirmed', type: 'string' },
  ...ANNOTATION_ATTRIBUTES,
];

function confidenceOf(edge: GraphExport['edges'][number]): number {
  return Math.max(0, ...edge.sources.map((source) => source.confidence));
}

/** An edge's weight: its highest confidence as a share (100 -> 1). */
export function weightOf(edge: GraphExport['edges'][number]): number {
  return confidenceOf(edge) / 100;
}

function edgeBasics(edge: GraphExport['edges'][number]): Record<string, Scalar> {
  return {
    label: edge.relation,
    weight: weightOf(edge),
    relation: edge.relation,
    sources: edge.sources.map((source) => source.name).join(';'),
    confidence: confidenceOf(edge),
    first_seen: edge.createdAt,
    last_confirmed: edge.updatedAt,
    ...nonEmpty(annotationColumns(edge)),
  };
}

/** Only the columns with a value: an element without notes or flag gets no attribute. */
function nonEmpty(columns: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== ''));
}

function nodeBasics(
  entity: GraphExport['entities'][number],
  positions: ExportPositions,
): Record<string, Scalar> {
  const at = positions[entity.id];
  const color = ASSET_LOOKS[entity.type].color;
  return {
    type: entity.type,
    label: labelOf(entity),
    ...(at === undefined ? {} : { x: at.x, y: at.y }),
    ...rgbOf(color),
    color,
    ...nonEmpty(annotationColumns(entity)),
  };
}

/**
 * GraphML for Gephi and Cytoscape desktop: one typed attribute per asset field and per edge
 * property, the node's type, label, type colour (r/g/b and #rrggbb) and canvas position as x/y,
 * and each edge's relation as its label and its highest confidence (0-1) as its weight.
 */
export function toGraphml(graph: GraphExport, positions: ExportPositions = {}): string {
  const assetColumns = columns(graph.entities.map(assetRow), 'n_');
  const propertyColumns = columns(
    graph.edges.map((edge) => edge.properties),
    'e_',
  );
  const key = (attribute: Attribute, target: 'node' | 'edge'): string =>
    `  <key id="${attribute.id}" for="${target}" attr.name="${attribute.name}" attr.type="${attribute.type}"/>`;
  const data = (attribute: Attribute, value: unknown, indent: string): string[] => {
    const scalar = scalarOf(value);
    return scalar === undefined
      ? []
      : [`${indent}<data key="${attribute.id}">${formatted(scalar, attribute.type)}</data>`];
  };
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns">',
    ...NODE_BASICS.map((attribute) => key(attribute, 'node')),
    ...[...assetColumns.values()].map((attribute) => key(attribute, 'node')),
    ...EDGE_BASICS.map((attribute) => key(attribute, 'edge')),
    ...[...propertyColumns.values()].map((attribute) => key(attribute, 'edge')),
    '  <graph id="G" edgedefault="directed">',
  ];
  for (const entity of graph.entities) {
    const basics = nodeBasics(entity, positions);
    lines.push(`    <node id="${escapeXml(entity.id)}">`);
    for (const attribute of NODE_BASICS) {
      lines.push(...data(attribute, basics[attribute.id], '      '));
    }
    for (const [field, attribute] of assetColumns) {
      lines.push(...data(attribute, assetRow(entity)[field], '      '));
    }
    lines.push('    </node>');
  }
  for (const edge of graph.edges) {
    const basics = edgeBasics(edge);
    lines.push(
      `    <edge id="${escapeXml(edge.id)}" source="${escapeXml(edge.from)}" target="${escapeXml(edge.to)}">`,
    );
    for (const attribute of EDGE_BASICS) {
      lines.push(...data(attribute, basics[attribute.id], '      '));
    }
    for (const [field, attribute] of propertyColumns) {
      lines.push(...data(attribute, edge.properties[field], '      '));
    }
    lines.push('    </edge>');
  }
  lines.push('  </graph>', '</graphml>', '');
  return lines.join('\n');
}

/** Text in an XML attribute: line breaks and tabs as character references (else read as spaces). */
function attributeText(value: string): string {
  return escapeXml(value).replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}

/** The type's colour as GEXF's viz:color. */
function vizColor(entity: GraphExport['entities'][number]): string {
  const { r, g, b } = rgbOf(ASSET_LOOKS[entity.type].color);
  return `        <viz:color r="${r}" g="${g}" b="${b}"/>`;
}

/** GEXF attribute types are named differently from GraphML's. */
const GEXF_TYPE: Record<AttributeType, string> = {
  string: 'string',
  boolean: 'boolean',
  int: 'integer',
  double: 'double',
};

/**
 * GEXF 1.2 (Gephi's own format; 1.2 rather than 1.3 because it is the version every reader takes,
 * networkx included, and it holds everything written here): typed attributes per asset field and edge property, the node's
 * label, its type's colour as viz:color, its canvas position as viz:position; each edge labelled
 * with its relation and weighted by its highest confidence (0-1).
 */
export function toGexf(graph: GraphExport, positions: ExportPositions = {}): string {
  const assetColumns = columns(
    graph.entities.map((entity) => ({
      ...assetRow(entity),
      type: entity.type,
      ...nonEmpty(annotationColumns(entity)),
    })),
    'n_',
  );
  // The edge's label and weight are GEXF's own edge attributes, not columns.
  const edgeRow = (edge: GraphExport['edges'][number]): Record<string, unknown> => {
    const { label: _label, weight: _weight, ...rest } = edgeBasics(edge);
    return { ...rest, ...edge.properties };
  };
  const edgeColumns = columns(graph.edges.map(edgeRow), 'e_');
  // `type` is the entity's type here (GEXF has no node type of its own); an asset's `type` is asset_type.
  const declare = (attribute: Attribute): string =>
    `      <attribute id="${attribute.id}" title="${attribute.name}" type="${GEXF_TYPE[attribute.type]}"/>`;
  const values = (columnsOf: Map<string, Attribute>, row: Record<string, unknown>): string[] => {
    const lines: string[] = [];
    for (const [field, attribute] of columnsOf) {
      const scalar = scalarOf(row[field]);
      if (scalar !== undefined) {
        lines.push(
          `          <attvalue for="${attribute.id}" value="${attribute.type === 'string' ? attributeText(String(scalar)) : String(scalar)}"/>`,
        );
      }
    }
    return lines.length === 0 ? [] : ['        <attvalues>', ...lines, '        </attvalues>'];
  };
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gexf xmlns="http://www.gexf.net/1.2draft" xmlns:viz="http://www.gexf.net/1.2draft/viz" version="1.2">',
    '  <meta><creator>Trace Graph</creator></meta>',
    '  <graph mode="static" defaultedgetype="directed">',
    '    <attributes class="node">',
    ...[...assetColumns.values()].map(declare),
    '    </attributes>',
    '    <attributes class="edge">',
    ...[...edgeColumns.values()].map(declare),
    '    </attributes>',
    '    <nodes>',
  ];
  for (const entity of graph.entities) {
    const at = positions[entity.id];
    lines.push(
      `      <node id="${escapeXml(entity.id)}" label="${attributeText(labelOf(entity))}">`,
      ...values(assetColumns, {
        ...assetRow(entity),
        type: entity.type,
        ...nonEmpty(annotationColumns(entity)),
      }),
      vizColor(entity),
      ...(at === undefined ? [] : [`        <viz:position x="${at.x}" y="${-at.y}" z="0"/>`]),
      '      </node>',
    );
  }
  lines.push('    </nodes>', '    <edges>');
  for (const edge of graph.edges) {
    lines.push(
      `      <edge id="${escapeXml(edge.id)}" source="${escapeXml(edge.from)}" target="${escapeXml(edge.to)}" label="${attributeText(edge.relation)}" weight="${weightOf(edge)}">`,
      ...values(edgeColumns, edgeRow(edge)),
      '      </edge>',
    );
  }
  lines.push('    </edges>', '  </graph>', '</gexf>', '');
  return lines.join('\n');
}
