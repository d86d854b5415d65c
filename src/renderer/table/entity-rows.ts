/**
 * The entity table's data (docs/entity-table.md): one row per entity with its fields, sources,
 * confidence, first seen, last confirmed, flag and notes; the columns of a type (or of all); text
 * filter, sort and the CSV of the current view. Pure: tested without a DOM.
 */
import Papa from 'papaparse';
import type { Edge, Entity } from '../../shared/model/graph';

export interface EntityRow {
  id: string;
  type: string;
  label: string;
  /** The asset's fields as text. */
  fields: Record<string, string>;
  /** Sources that reported the entity (its `source` tags), alphabetical. */
  sources: string;
  /** Highest confidence of the sources on its edges; undefined for an entity without edges. */
  confidence: number | undefined;
  /** ISO 8601: when the entity was first written. */
  firstSeen: string;
  /** ISO 8601: when a source last confirmed it (its latest `source` tag), else its last write. */
  lastConfirmed: string;
  flag: string;
  note: string;
  /** Everything the text filter reads, folded once. */
  haystack: string;
}

/** A column: fixed ones by key, asset fields as `field:<name>`. */
export interface Column {
  key: string;
  title: string;
}

export const FIXED_COLUMNS: readonly Column[] = [
  { key: 'label', title: 'Name' },
  { key: 'type', title: 'Type' },
  { key: 'sources', title: 'Sources' },
  { key: 'confidence', title: 'Confidence' },
  { key: 'firstSeen', title: 'First seen' },
  { key: 'lastConfirmed', title: 'Last confirmed' },
  { key: 'flag', title: 'Flag' },
  { key: 'note', title: 'Note' },
];

function fold(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

function fieldText(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
}

/** One row of an entity; `edges` are the edges touching it (for confidence). */
export function rowOf(entity: Entity, label: string, edges: Iterable<Edge>): EntityRow {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(entity.asset as unknown as Record<string, unknown>)) {
    if (name !== 'raw') {
      fields[name] = fieldText(value);
    }
  }
  const sourceTags = entity.tags.filter((tag) => tag.name === 'source');
  const sources = [...new Set(sourceTags.map((tag) => tag.value))].sort().join(', ');
  const lastConfirmed = sourceTags.reduce(
    (latest, tag) => (tag.updatedAt > latest ? tag.updatedAt : latest),
    sourceTags.length === 0 ? entity.updatedAt : '',
  );
  let confidence: number | undefined;
  for (const edge of edges) {
    for (const source of edge.sources) {
      confidence = Math.max(confidence ?? 0, source.confidence);
    }
  }
  const notes = entity.notes ?? [];
  const note = notes.map((item) => item.text).join(' | ');
  const flag = entity.flag?.name ?? '';
  return {
    id: entity.id,
    type: entity.type,
    label,
    fields,
    sources,
    confidence,
    firstSeen: entity.createdAt,
    lastConfirmed,
    flag,
    note,
    haystack: fold([entity.id, label, ...Object.values(fields), sources, flag, note].join('\n')),
  };
}

/** The fixed columns, then every field the rows' assets hold (alphabetical). */
export function columnsOf(rows: readonly EntityRow[]): Column[] {
  const names = new Set<string>();
  for (const row of rows) {
    for (const name of Object.keys(row.fields)) {
      names.add(name);
    }
  }
  return [...FIXED_COLUMNS, ...[...names].sort().map((name) => ({ key: `field:${name}`, title: name }))];
}

/** The text a cell shows (and the CSV holds). */
export function cellText(row: EntityRow, key: string): string {
  if (key.startsWith('field:')) {
    return row.fields[key.slice(6)] ?? '';
  }
  switch (key) {
    case 'confidence':
      return row.confidence === undefined ? '' : String(row.confidence);
    case 'label':
    case 'type':
    case 'sources':
    case 'firstSeen':
    case 'lastConfirmed':
    case 'flag':
    case 'note':
      return row[key];
    default:
      return '';
  }
}

export interface TableView {
  /** An entity type, or undefined for all. */
  type?: string | undefined;
  filter: string;
  sort: { key: string; descending: boolean } | undefined;
}

/** The rows of the view: of the type, containing the filter's every word, sorted. */
export function viewRows(rows: readonly EntityRow[], view: TableView): EntityRow[] {
  const words = fold(view.filter).split(/\s+/).filter(Boolean);
  const shown = rows.filter(
    (row) =>
      (view.type === undefined || row.type === view.type) &&
      words.every((word) => row.haystack.includes(word)),
  );
  const sort = view.sort;
  if (sort !== undefined) {
    const numeric = sort.key === 'confidence';
    const direction = sort.descending ? -1 : 1;
    const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
    const keyed = shown.map((row) => ({ row, value: cellText(row, sort.key) }));
    keyed.sort((a, b) => {
      // Empty cells go last whatever the direction.
      if (a.value === '' || b.value === '') {
        return a.value === b.value ? 0 : a.value === '' ? 1 : -1;
      }
      const order = numeric ? Number(a.value) - Number(b.value) : collator.compare(a.value, b.value);
      return order * direction;
    });
    return keyed.map((item) => item.row);
  }
  return shown;
}

/** The view as CSV (RFC 4180, a header row of the column titles, the entity id first). */
export function rowsToCsv(rows: readonly EntityRow[], columns: readonly Column[]): string {
  return Papa.unparse({
    fields: ['id', ...columns.map((column) => column.title)],
    data: rows.map((row) => [row.id, ...columns.map((column) => cellText(row, column.key))]),
  });
}

/** Rows as tab-separated text for the clipboard (a spreadsheet pastes it into cells). */
export function rowsToTsv(rows: readonly EntityRow[], columns: readonly Column[]): string {
  const clean = (text: string) => text.replace(/[\t\r\n]+/g, ' ');
  return [
    ['id', ...columns.map((column) => column.title)].join('\t'),
    ...rows.map((row) =>
      [row.id, ...columns.map((column) => cellText(row, column.key))].map(clean).join('\t'),
    ),
  ].join('\n');
}
