/**
 * Notes and flags in the table and graph exports (docs/notes-and-flags.md): the JSON export carries
 * them whole (`notes`, `flag`); CSV, GraphML and GEXF get two text columns, `flag` and `notes`.
 */
import type { ExportedAnnotations } from '../../shared/model/graph';

/** `flag` (its name, '' for none) and `notes` (one line per note: `author, time: text`). */
export function annotationColumns(item: ExportedAnnotations): { flag: string; notes: string } {
  return {
    flag: item.flag ?? '',
    notes: (item.notes ?? []).map((note) => `${note.author}, ${note.createdAt}: ${note.text}`).join('\n'),
  };
}

/** The two columns as typed graph attributes (GraphML keys, GEXF attributes). */
export const ANNOTATION_ATTRIBUTES = [
  { id: 'flag', name: 'flag', type: 'string' },
  { id: 'notes', name: 'notes', type: 'string' },
] as const;
