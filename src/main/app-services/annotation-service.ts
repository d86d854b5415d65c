/**
 * Notes and flags in the app (docs/notes-and-flags.md): the IPC side of the engine's annotate(),
 * the same write the CLI's `note` and `flag` make, for case files and team cases alike.
 */
import type { InvokeMap } from '../../shared/ipc/contract';
import { annotate, AnnotationRefusedError } from '../../engine/index';
import { authorOf } from '../author';
import type { CaseResolvers } from './case-resolvers';
import { ServiceError } from './service-error';

type Handler<C extends keyof InvokeMap> = (request: InvokeMap[C]['req']) => Promise<InvokeMap[C]['res']>;

export function createAnnotationHandlers(options: {
  cases: CaseResolvers;
  environment: Record<string, string | undefined>;
}): { 'annotation:set': Handler<'annotation:set'> } {
  return {
    'annotation:set': async ({ caseId, target, note, flag }) => {
      const handle = await options.cases.writableCase(caseId);
      try {
        const { session } = await annotate(handle.open.graph, {
          target,
          author: authorOf(options.environment),
          ...(note === undefined ? {} : { note }),
          ...(flag === undefined ? {} : { flag }),
        });
        // The delta goes out before the answer: the canvas and the panel show it at once.
        handle.batcher.flush();
        return { sessionId: session };
      } catch (error) {
        if (error instanceof AnnotationRefusedError) {
          throw new ServiceError(
            error.code === 'unknown-target' ? 'not_found' : 'invalid_request',
            error.message,
          );
        }
        throw error;
      }
    },
  };
}
