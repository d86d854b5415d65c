/** The `export:graph` request: a case's graph as JSON, GraphML or two CSV tables, as named files. */
import type { InvokeMap } from '../../shared/ipc/contract';
import type { CaseGraph } from '../../engine/index';

/** What an export reads of a case graph (a case file's or a team case's local replica). */
type ExportableGraph = Pick<CaseGraph, 'exportJson' | 'getMeta'>;
import { toCsv, toGraphml } from './export-formats';
import { slug } from './service-error';

type ExportRequest = InvokeMap['export:graph']['req'];
type ExportResponse = InvokeMap['export:graph']['res'];

export function exportGraphFiles(
  graph: ExportableGraph,
  caseId: string,
  format: ExportRequest['format'],
): ExportResponse {
  const exported = graph.exportJson();
  const base = slug(graph.getMeta('name') ?? caseId);
  switch (format) {
    case 'json':
      return {
        files: [
          { name: `${base}.json`, mimeType: 'application/json', content: JSON.stringify(exported, null, 2) },
        ],
      };
    case 'graphml':
      return {
        files: [{ name: `${base}.graphml`, mimeType: 'application/xml', content: toGraphml(exported) }],
      };
    case 'csv': {
      const tables = toCsv(exported);
      return {
        files: [
          { name: `${base}-nodes.csv`, mimeType: 'text/csv', content: tables.nodes },
          { name: `${base}-edges.csv`, mimeType: 'text/csv', content: tables.edges },
        ],
      };
    }
  }
}
