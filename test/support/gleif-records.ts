/**
 * Every real LEI record in the recorded GLEIF replies (single records, parents, children pages),
 * read through the plugin's wire parser, and the parent links the recordings show. The resolution
 * development set (src/engine/plugins/gleif/dev-set.conf.test.ts) builds its search replies from
 * them.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { LeiRecordResource, leiRecordOf, type LeiRecord } from '../../src/engine/plugins/gleif/wire';
import { fixturesDir } from './fixtures-dir';

export interface RecordedRegistry {
  records: Map<string, LeiRecord>;
  /** child LEI -> parent LEIs (direct and ultimate), as recorded. */
  parents: Map<string, Set<string>>;
}

function resourcesOf(body: unknown): unknown[] {
  const data = (body as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? data : data === undefined || data === null ? [] : [data];
}

export function loadRecordedRegistry(): RecordedRegistry {
  const root = path.join(fixturesDir(), 'gleif');
  const records = new Map<string, LeiRecord>();
  const parents = new Map<string, Set<string>>();
  const link = (child: string, parent: string): void => {
    if (child !== parent) {
      (parents.get(child) ?? parents.set(child, new Set()).get(child))?.add(parent);
    }
  };
  const directParents = new Map<string, string>();
  const ultimateParents = new Map<string, string>();
  for (const folder of readdirSync(root)) {
    for (const file of readdirSync(path.join(root, folder)).filter((name) => name.endsWith('.json'))) {
      const body = JSON.parse(readFileSync(path.join(root, folder, file), 'utf8')) as unknown;
      const read: LeiRecord[] = [];
      for (const item of resourcesOf(body)) {
        const resource = LeiRecordResource.safeParse(item);
        if (resource.success) {
          read.push(leiRecordOf(resource.data));
        }
      }
      read.forEach((record) => records.set(record.lei, record));
      const subject =
        /^lei-records_([0-9A-Z]{20})_(direct-children|ultimate-children|direct-parent|ultimate-parent)/.exec(
          file,
        );
      if (subject?.[1] === undefined) {
        continue;
      }
      const lei = subject[1];
      for (const record of read) {
        if (subject[2]?.endsWith('children')) {
          link(record.lei, lei);
        } else {
          link(lei, record.lei);
          (subject[2] === 'direct-parent' ? directParents : ultimateParents).set(lei, record.lei);
        }
      }
    }
  }
  // A child whose direct and ultimate parents differ shows that the ultimate one is above the
  // direct one (Bloomberg Finance: direct Bloomberg L.P., ultimate Bloomberg Inc.).
  for (const [child, direct] of directParents) {
    const ultimate = ultimateParents.get(child);
    if (ultimate !== undefined && ultimate !== direct) {
      link(direct, ultimate);
    }
  }
  return { records, parents };
}
