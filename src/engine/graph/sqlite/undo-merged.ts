/**
 * Undo in any order across merges (docs/resolution.md): a session undone while what it created is
 * folded into another entity (a manual or rule merge logged later) cannot reach those rows; they
 * live on in the merge's before-image. So the undo takes them out of every logged merge image as
 * well: the tags and edge sources it created, the edges it created that no source keeps, and the
 * folded entity itself when no source tag is left for it. Undoing the merge later then gives back
 * only what some session in the case still accounts for.
 */
import type Database from 'better-sqlite3';
import { SOURCE_TAG } from '../case-graph';
import type { MergeImage } from './manual-merge';

interface Created {
  kind: string;
  target: string;
  detail: string;
}

export function forgetInMergeImages(
  db: Database.Database,
  session: string,
  created: readonly Created[],
): void {
  const merges = db
    .prepare<[string], { rowid: number; detail: string }>(
      "SELECT rowid, detail FROM write_log WHERE kind = 'merge' AND session <> ?",
    )
    .all(session);
  if (merges.length === 0) {
    return;
  }
  const update = db.prepare('UPDATE write_log SET detail = ? WHERE rowid = ?');
  for (const merge of merges) {
    const image = JSON.parse(merge.detail) as MergeImage;
    const before = merge.detail;
    for (const row of created) {
      forgetOne(image, row);
    }
    const fromHasSource = image.fromTags.some((tag) => tag.name === SOURCE_TAG);
    const createdFrom = created.some((row) => row.kind === 'entity' && row.target === image.from.id);
    if (createdFrom && !fromHasSource) {
      image.dropped = true;
    }
    const after = JSON.stringify(image);
    if (after !== before) {
      update.run(after, merge.rowid);
    }
  }
}

function forgetOne(image: MergeImage, row: Created): void {
  if (row.kind === 'tag') {
    const [name, value, handler] = JSON.parse(row.detail) as [string, string, string];
    const other = (tag: { entity_id: string; name: string; value: string; handler: string }): boolean =>
      !(tag.entity_id === row.target && tag.name === name && tag.value === value && tag.handler === handler);
    image.fromTags = image.fromTags.filter(other);
    image.intoTags = image.intoTags.filter(other);
    return;
  }
  if (row.kind === 'source') {
    const { name, before } = JSON.parse(row.detail) as { name: string; before?: number };
    if (before !== undefined) {
      return;
    }
    const edges = [...image.edges, ...Object.values(image.targets).filter((edge) => edge !== null)];
    for (const edge of edges) {
      if (edge.row.id === row.target) {
        edge.sources = edge.sources.filter((source) => source.name !== name);
      }
    }
    return;
  }
  if (row.kind === 'edge') {
    image.edges = image.edges.filter((edge) => edge.row.id !== row.target || edge.sources.length > 0);
  }
}
