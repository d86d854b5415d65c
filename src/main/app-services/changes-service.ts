/**
 * The app's side of refresh and diff and of the evidence report (docs/changes.md): `case:refresh`
 * starts the refresh session, `changes:list` folds the change records since a run into lines for
 * the Changes panel, `export:report` writes the report of the case or of a selection.
 */
import type { InvokeMap } from '../../shared/ipc/contract';
import { subjectOf } from '../../shared/model/change-diff';
import { refreshSession, scrubSecrets } from '../../engine/index';
import { caseDiff } from '../report/report-changes';
import { collectReport } from '../report/report-data';
import { renderReport } from '../report/report-html';
import type { CaseResolvers } from './case-resolvers';
import { ServiceError, slug } from './service-error';
import type { SessionTracker } from './session-tracker';

type ChangesChannel = 'case:refresh' | 'changes:list' | 'export:report';

export type ChangesHandlers = {
  [C in ChangesChannel]: (request: InvokeMap[C]['req']) => Promise<InvokeMap[C]['res']>;
};

export interface ChangesServiceOptions {
  cases: CaseResolvers;
  sessions: SessionTracker;
  /** The configured keys and passwords, masked wherever a report would show them. */
  secrets: () => Promise<string[]>;
}

export function createChangesHandlers({ cases, sessions, secrets }: ChangesServiceOptions): ChangesHandlers {
  return {
    'case:refresh': async ({ caseId, entityIds, force }) => {
      const handle = await cases.writableCase(caseId);
      const graph = handle.open.graph;
      const only = entityIds?.map((id) => graph.resolveId(id));
      if (only?.some((id) => graph.findEntity(id) === undefined) === true) {
        throw new ServiceError('not_found', 'a selected node is not in this case');
      }
      const options = refreshSession(graph, {
        force: force ?? false,
        ...(only === undefined ? {} : { only }),
      });
      return sessions.track(caseId, handle.open.startSession(options));
    },
    'changes:list': async ({ caseId, since }) => {
      const graph = (await cases.caseOf(caseId)).open.graph;
      // An unknown `since` run throws UnknownRunError: `not_found`.
      const diff = caseDiff(graph, since);
      const edges = new Map(graph.snapshot().edges.map((edge) => [edge.id, edge]));
      return {
        runs: graph.listSessions().map((record) => ({
          id: record.id,
          startedAt: record.startedAt,
          label: record.action ?? `${record.seeds.length} seed${record.seeds.length === 1 ? '' : 's'}`,
        })),
        ...(diff.since === undefined ? {} : { since: diff.since.id }),
        changes: diff.lines.map((line) => ({ ...line, subject: subjectOf(line, edges) })),
      };
    },
    'export:report': async ({ caseId, entityIds, since }) => {
      const handle = await cases.caseOf(caseId);
      const graph = handle.open.graph;
      const diff = caseDiff(graph, since);
      const changes =
        diff.since === undefined ? { list: diff.lines } : { since: diff.since, list: diff.lines };
      const data = collectReport(graph, {
        location: handle.open.path,
        secrets: await secrets(),
        scrub: scrubSecrets,
        ...(entityIds === undefined ? {} : { only: entityIds.map((id) => graph.resolveId(id)) }),
        changes,
      });
      const base = slug(graph.getMeta('name') ?? caseId);
      const name = `${base}-report${entityIds === undefined ? '' : '-selection'}.html`;
      return { files: [{ name, mimeType: 'text/html', content: renderReport(data) }] };
    },
  };
}
