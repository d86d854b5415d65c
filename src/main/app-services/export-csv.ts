/**
 * CSV exports that open cleanly in a spreadsheet. Decision: one nodes file, the union of every
 * type's fields with a `type` column (one sheet to filter and sort; a file per type would make a
 * dozen files of a dozen rows for a typical case), one column per asset field (lists and objects
 * as JSON text in their cell); and one edges file naming both ends (id, name, type), the relation,
 * sources, highest confidence and times, then one column per edge property. Written with
 * papaparse (quoting, CRLF); every text cell goes through `guardFormula`.
 */
import { annotationColumns } from './export-annotations';
import Papa from 'papaparse';
import { assetLabel } from '../../shared/model/asset';
import type { GraphExport } from '../../shared/model/graph';

/**
 * Characters a spreadsheet skips or folds before deciding a cell is a formula: white space (NBSP
 * and the ideographic space included), zero-width and joiner characters, bidi controls, the BOM,
 * the soft hyphen and the Mongolian vowel separator.
 */
const INVISIBLE_LEAD = /^[\s\u00a0\u00ad\u180e\u200b-\u200f\u2028-\u202f\u2060-\u206f\u3000\ufeff]+/u;
/** What starts a formula (or DDE payload) once the lead is gone; fullwidth forms fold by NFKC. */
const FORMULA_START = /^[=+\-@\t\r|%]/;

/**
 * A text cell a spreadsheet could run as a formula is prefixed with an apostrophe (shown as
 * text). The test is made after dropping the invisible lead and folding compatibility forms
 * (fullwidth `＝` is `=`), since spreadsheets do the same; the cell's own text is kept whole.
 */
export function guardFormula(value: string): string {
  const lead = value.replace(INVISIBLE_LEAD, '').slice(0, 2).normalize('NFKC');
  return FORMULA_START.test(lead) ? `'${value}` : value;
}

function cell(value: unknown): string | number | boolean {
  if (value === undefined || value === null) {
    return '';
  }
  if (typeof value === 'number' || typeof value === 'boolean') {
    return value;
  }
  return guardFormula(typeof value === 'string' ? value : JSON.stringify(value));
}

type Row = Record<string, unknown>;

/** Column names in first-seen order after the fixed ones; a clash with a fixed one gets a prefix. */
function fieldsOf(rows: Iterable<Row>, fixed: readonly string[], prefix: string): Map<string, string> {
  const taken = new Set(fixed);
  const names = new Map<string, string>();
  for (const row of rows) {
    for (const field of Object.keys(row)) {
      if (!names.has(field)) {
        names.set(field, taken.has(field) ? `${prefix}${field}` : field);
      }
    }
  }
  return new Map([...names].sort(([a], [b]) => (a < b ? -1 : 1)));
}

function write(header: string[], rows: (string | number | boolean)[][]): string {
  const fields = header.map(guardFormula);
  return `${Papa.unparse({ fields, data: rows }, { newline: '\r\n', quotes: false })}\r\n`;
}

type ExportEntity = GraphExport['entities'][number];

function labelOf(entity: ExportEntity): string {
  return assetLabel({ type: entity.type, asset: entity.asset } as Parameters<typeof assetLabel>[0]);
}

const NODE_FIXED = ['id', 'type', 'label', 'flag', 'notes'] as const;
const EDGE_FIXED = [
  'id',
  'from_id',
  'from_name',
  'from_type',
  'relation',
  'to_id',
  'to_name',
  'to_type',
  'sources',
  'confidence',
  'first_seen',
  'last_confirmed',
  'flag',
  'notes',
] as const;

/** An asset's fields by name (its type is one of the OAM asset interfaces). */
function fieldsOfAsset(entity: ExportEntity): Row {
  return { ...entity.asset };
}

export function nodesCsv(graph: GraphExport): string {
  const assets = graph.entities.map(fieldsOfAsset);
  const fields = fieldsOf(assets, NODE_FIXED, 'asset_');
  const rows = graph.entities.map((entity, index) => [
    cell(entity.id),
    cell(entity.type),
    cell(labelOf(entity)),
    ...Object.values(annotationColumns(entity)).map(cell),
    ...[...fields.keys()].map((field) => cell(assets[index]?.[field])),
  ]);
  return write([...NODE_FIXED, ...fields.values()], rows);
}

export function edgesCsv(graph: GraphExport): string {
  const byId = new Map(graph.entities.map((entity) => [entity.id, entity]));
  const fields = fieldsOf(
    graph.edges.map((edge) => edge.properties as Row),
    EDGE_FIXED,
    'property_',
  );
  const end = (id: string): (string | number | boolean)[] => {
    const entity = byId.get(id);
    return [cell(id), cell(entity === undefined ? '' : labelOf(entity)), cell(entity?.type ?? '')];
  };
  const rows = graph.edges.map((edge) => {
    const [fromId, fromName, fromType] = end(edge.from);
    return [
      cell(edge.id),
      fromId ?? '',
      fromName ?? '',
      fromType ?? '',
      cell(edge.relation),
      ...end(edge.to),
      cell(edge.sources.map((source) => source.name).join('; ')),
      Math.max(0, ...edge.sources.map((source) => source.confidence)),
      cell(edge.createdAt),
      cell(edge.updatedAt),
      ...Object.values(annotationColumns(edge)).map(cell),
      ...[...fields.keys()].map((field) => cell((edge.properties as Row)[field])),
    ];
  });
  return write([...EDGE_FIXED, ...fields.values()], rows);
}

/** Both tables. */
export function toCsv(graph: GraphExport): { nodes: string; edges: string } {
  return { nodes: nodesCsv(graph), edges: edgesCsv(graph) };
}
