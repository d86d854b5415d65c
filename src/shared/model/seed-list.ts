/**
 * Seed lists: many seeds pasted or read from a text or CSV file, each line validated and made
 * canonical exactly as a typed seed is (`parseSeed`). Pure, so the CLI (`enrich --seeds-file`),
 * the hosts and the renderer's "Import seeds" read a list the same way.
 */
import Papa from 'papaparse';
import { entityIdOf, type TypedAsset } from './asset';
import { parseSeed, SEED_TYPES, type SeedType } from './seed';

/** The most seeds one run takes; the rest of a longer list is reported, not queued. */
export const MAX_SEEDS_PER_RUN = 10_000;

export interface SeedListOptions {
  /**
   * The type of every seed whose line does not name one (`Type=value` lines always name theirs).
   * Without it a line must say its type.
   */
  type?: SeedType;
  /**
   * CSV: the header of the column holding the values. A column headed `type` (any case), when
   * present, gives each row's type. Without a column the text is read one seed per line.
   */
  column?: string;
}

export interface SeedListProblem {
  /** 1-based line of the text (of the row's start for a CSV row spanning lines). */
  line: number;
  reason: string;
}

export interface SeedList {
  /** Valid seeds in list order, duplicates (same entity) dropped, at most MAX_SEEDS_PER_RUN. */
  seeds: TypedAsset[];
  /** The line of each kept seed, parallel to `seeds`. */
  lines: number[];
  /** Each kept seed as typed (type and trimmed value), parallel to `seeds`: what a host sends on. */
  inputs: { type: SeedType; value: string }[];
  /** How values were made canonical (a URL reduced to its domain...), as `line N: ...`. */
  notices: string[];
  /** Lines that could not be read as a seed, with why. */
  problems: SeedListProblem[];
  /** Valid lines naming a seed listed earlier. */
  duplicates: number;
  /** Valid seeds left out because the list holds more than MAX_SEEDS_PER_RUN. */
  overLimit: number;
}

/** `line N: reason`, the one form every host prints a problem in. */
export function problemLine(problem: SeedListProblem): string {
  return `line ${problem.line}: ${problem.reason}`;
}

export function isSeedType(value: string): value is SeedType {
  return Object.hasOwn(SEED_TYPES, value);
}

/** Reads a seed list; never throws for bad content (each bad line becomes a problem). */
export function parseSeedList(text: string, options: SeedListOptions = {}): SeedList {
  const collector = createCollector();
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (options.column === undefined) {
    body.split(/\r\n|\n|\r/).forEach((raw, index) => readLine(collector, index + 1, raw, options.type));
  } else {
    readCsv(collector, body, options.column, options.type);
  }
  return collector.list;
}

interface Collector {
  list: SeedList;
  seen: Set<string>;
  add(line: number, type: string, value: string): void;
}

function createCollector(): Collector {
  const list: SeedList = {
    seeds: [],
    lines: [],
    inputs: [],
    notices: [],
    problems: [],
    duplicates: 0,
    overLimit: 0,
  };
  const seen = new Set<string>();
  return {
    list,
    seen,
    add(line, type, value) {
      const result = parseSeed(type, value);
      if (!result.ok) {
        list.problems.push({ line, reason: result.error });
        return;
      }
      const id = entityIdOf(result.seed.type, result.seed.asset as never);
      if (seen.has(id)) {
        list.duplicates += 1;
        return;
      }
      if (list.seeds.length >= MAX_SEEDS_PER_RUN) {
        list.overLimit += 1;
        return;
      }
      seen.add(id);
      list.seeds.push(result.seed);
      list.lines.push(line);
      list.inputs.push({ type: result.seed.type as SeedType, value: value.trim() });
      if (result.notice !== undefined) {
        list.notices.push(`line ${line}: ${result.notice}`);
      }
    },
  };
}

/** One line of a plain list: `Type=value`, or a bare value when the list has a type. */
function readLine(collector: Collector, line: number, raw: string, listType: SeedType | undefined): void {
  const text = raw.trim();
  if (text === '' || text.startsWith('#')) {
    return;
  }
  const at = text.indexOf('=');
  const named = at > 0 ? text.slice(0, at).trim() : '';
  if (isSeedType(named)) {
    collector.add(line, named, text.slice(at + 1));
  } else if (listType !== undefined) {
    // An organization's name may hold "=": only a known type before it makes it a typed line.
    collector.add(line, listType, text);
  } else if (at > 0) {
    collector.add(line, named, text.slice(at + 1));
  } else {
    collector.list.problems.push({
      line,
      reason: `no seed type: write <AssetType>=<value> (one of ${Object.keys(SEED_TYPES).join(', ')}) or choose a type for the whole list`,
    });
  }
}

/** A CSV with a header row: the named column holds the values, an optional `type` column the types. */
function readCsv(collector: Collector, text: string, column: string, listType: SeedType | undefined): void {
  const lineStarts = lineStartOffsets(text);
  const rows: { line: number; cells: string[] }[] = [];
  let rowStart = 0;
  // Papa guesses the delimiter (comma, semicolon, tab...) only when it parses in one go, not per step.
  const { delimiter } = Papa.parse<string[]>(text, { preview: 20, skipEmptyLines: true }).meta;
  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: false,
    step: (result) => {
      rows.push({ line: lineAt(lineStarts, rowStart), cells: result.data });
      // The cursor is past the row's line break: where the next row starts.
      rowStart = result.meta.cursor;
    },
  });
  const header = rows.shift();
  if (header === undefined) {
    return;
  }
  const wanted = column.trim().toLowerCase();
  const names = header.cells.map((cell) => cell.trim().toLowerCase());
  const valueAt = names.indexOf(wanted);
  if (valueAt < 0) {
    collector.list.problems.push({ line: header.line, reason: `no column named "${column}" in the header` });
    return;
  }
  const typeAt = names.indexOf('type');
  for (const row of rows) {
    const value = (row.cells[valueAt] ?? '').trim();
    if (row.cells.every((cell) => cell.trim() === '') || value.startsWith('#')) {
      continue;
    }
    const rowType = typeAt >= 0 && typeAt !== valueAt ? (row.cells[typeAt] ?? '').trim() : '';
    const type = rowType !== '' ? rowType : listType;
    if (type === undefined) {
      collector.list.problems.push({
        line: row.line,
        reason: 'no seed type: fill the "type" column or choose a type for the whole list',
      });
      continue;
    }
    collector.add(row.line, type, value);
  }
}

function lineStartOffsets(text: string): number[] {
  const starts = [0];
  for (const match of text.matchAll(/\r\n|\n|\r/g)) {
    starts.push(match.index + match[0].length);
  }
  return starts;
}

/** The 1-based line holding an offset (binary search over line starts). */
function lineAt(starts: number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] ?? 0) <= offset) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}
