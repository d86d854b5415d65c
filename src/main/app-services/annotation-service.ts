/**
 * Notes and flags in the app (docs/notes-and-flags.md): the IPC side of the engine's annotate(),
 * the same write the CLI's `note` and `flag` make, for case files and team cases alike.
 */
import type { InvokeMap } from '../../shared/ipc/contract';
import { annotate } from '../../engine/index';
import { authorOf } from '../author';
import type { CaseResolvers } from './case-resolvers';

type Handler<C extends keyof InvokeMap> = (request: InvokeMap[C]['req']) => Promise<InvokeMap[C]['res']>;

export function createAnnotationHandlers(options: {
  cases: CaseResolvers;
  environment: Record<string, string | undefined>;
}): { 'annotation:set': Handler<'annotation:set'> } {
  return {
    'annotation:set': async ({ caseId, target, note, flag }) => {
      const handle = await options.cases.writableCase(caseId);
      const { session } = await annotate(handle.open.graph, {
        target,
        author: authorOf(options.environment),
        ...(note === undefined ? {} : { note }),
        ...(flag === undefined ? {} : { flag }),
      });
      // The delta goes out before the answer: the canvas and the panel show it at once.
      handle.batcher.flush();
      return { sessionId: session };
    },
  };
}
