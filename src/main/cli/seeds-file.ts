/** `enrich --seeds-file`: reads a seed list (docs/seed-lists.md) before anything else is touched. */
import { readFile, stat } from 'node:fs/promises';
import type { TypedAsset } from '../../shared/model/asset';
import { MAX_SEEDS_PER_RUN, parseSeedList, problemLine, type SeedList } from '../../shared/model/seed-list';
import { UsageError, type SeedsFileOption } from './args';
import { messageOf } from './input-checks';
import { printable, type OutputStream } from './output';

/** 10,000 seeds of a few hundred characters each fit many times over; a larger file is a mistake. */
const MAX_SEEDS_FILE_BYTES = 64 * 1024 * 1024;

/**
 * The valid seeds of the file; every bad line is written to `stderr` as `line N: <reason>`.
 * Throws UsageError (exit 2) when the file cannot be read, or when it holds no valid seed and the
 * command line gave none either.
 */
export async function readSeedsFile(
  option: SeedsFileOption,
  otherSeeds: number,
  stderr: OutputStream,
): Promise<{ seeds: TypedAsset[]; notices: string[] }> {
  const text = await readText(option.path);
  const list = parseSeedList(text, {
    ...(option.type === undefined ? {} : { type: option.type }),
    ...(option.column === undefined ? {} : { column: option.column }),
  });
  for (const problem of list.problems) {
    stderr.write(`${printable(problemLine(problem))}\n`);
  }
  if (list.seeds.length === 0 && otherSeeds === 0) {
    throw new UsageError(`no valid seed in ${option.path}`);
  }
  stderr.write(`${printable(summary(option.path, list))}\n`);
  return { seeds: list.seeds, notices: list.notices };
}

async function readText(path: string): Promise<string> {
  try {
    const info = await stat(path);
    if (!info.isFile()) {
      throw new Error('not a file');
    }
    if (info.size > MAX_SEEDS_FILE_BYTES) {
      throw new Error(`larger than ${MAX_SEEDS_FILE_BYTES / 1024 / 1024} MB`);
    }
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read seeds file ${path}: ${messageOf(error)}`);
  }
}

function summary(path: string, list: SeedList): string {
  const parts = [`${list.seeds.length} seeds queued from ${path}`];
  if (list.problems.length > 0) {
    parts.push(`${list.problems.length} bad line${list.problems.length === 1 ? '' : 's'} skipped`);
  }
  if (list.duplicates > 0) {
    parts.push(`${list.duplicates} repeated`);
  }
  if (list.overLimit > 0) {
    parts.push(`${list.overLimit} left out (at most ${MAX_SEEDS_PER_RUN} seeds per run)`);
  }
  return parts.join('; ');
}
