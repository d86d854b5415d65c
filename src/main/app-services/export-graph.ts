/**
 * The `export:graph` request: a case's graph as JSON, GraphML, GEXF or two CSV tables, as named
 * files; JSON, GraphML and GEXF carry the case's saved canvas positions.
 */
import type { InvokeMap } from '../../shared/ipc/contract';
import type { CaseGraph } from '../../engine/index';

/** What an export reads of a case graph (a case file's or a team case's local replica). */
type ExportableGraph = Pick<CaseGraph, 'exportJson' | 'getMeta' | 'loadPositions'>;
import { toCsv } from './export-csv';
import { toGexf, toGraphml, withPositions } from './export-formats';
import { exportFileName } from '../../shared/util/file-name';

type ExportRequest = InvokeMap['export:graph']['req'];
type ExportResponse = InvokeMap['export:graph']['res'];

export function exportGraphFiles(
  graph: ExportableGraph,
  caseId: string,
  format: ExportRequest['format'],
): ExportResponse {
  const exported = graph.exportJson();
  const positions = graph.loadPositions();
  const name = graph.getMeta('name') ?? caseId;
  switch (format) {
    case 'json': {
      const content = JSON.stringify(withPositions(exported, positions), null, 2);
      return { files: [{ name: exportFileName(name, 'json'), mimeType: 'application/json', content }] };
    }
    case 'graphml':
      return {
        files: [
          {
            name: exportFileName(name, 'graphml'),
            mimeType: 'application/xml',
            content: toGraphml(exported, positions),
          },
        ],
      };
    case 'gexf':
      return {
        files: [
          {
            name: exportFileName(name, 'gexf'),
            mimeType: 'application/xml',
            content: toGexf(exported, positions),
          },
        ],
      };
    case 'csv': {
      const tables = toCsv(exported);
      return {
        files: [
          { name: exportFileName(name, 'csv', 'nodes'), mimeType: 'text/csv', content: tables.nodes },
          { name: exportFileName(name, 'csv', 'edges'), mimeType: 'text/csv', content: tables.edges },
        ],
      };
    }
  }
}
