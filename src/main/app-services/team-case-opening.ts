/**
 * A team case opened on an engine, assembled once for the CLI and the app: the store with the
 * plugins' identity rules (every member must run the same ones), the team's rate ledger (only when
 * the role may write: a read-only member never takes a slot), an engine built on that ledger, and
 * the open case running sessions on the store. Callers translate the errors (a TeamCaseError) into
 * their own (the CLI's one line, the app's error codes).
 */
import type {
  Engine,
  EngineOptions,
  Logger,
  OpenCase,
  PostgresCaseGraph,
  TeamCaseTarget,
} from '../../engine/index';
import { builtinPlugins, openPgRateLedger, openTeamCase } from '../../engine/index';

/** The identity rules of the built-in plugins, which every engine of the app and the CLI loads. */
function teamMergeRules() {
  return builtinPlugins().flatMap((plugin) => plugin.mergeRules ?? []);
}

/** Opens the team case's store only (export, report and diff read it without an engine). */
export function openTeamStore(
  target: TeamCaseTarget,
  options: { password: string | undefined; logger: Logger },
): Promise<PostgresCaseGraph> {
  return openTeamCase(target, {
    ...(options.password === undefined ? {} : { password: options.password }),
    logger: options.logger,
    mergeRules: teamMergeRules(),
  });
}

export interface TeamCaseOnEngine {
  store: PostgresCaseGraph;
  engine: Engine;
  open: OpenCase;
  /** Closes the open case (and its store), the engine and the ledger, in that order. */
  close(): Promise<void>;
}

/** Opens a team case and an engine for it (the rate ledger shared with the team when writable). */
export async function openTeamCaseOnEngine(
  target: TeamCaseTarget,
  options: {
    password: string | undefined;
    logger: Logger;
    createEngine: (extra: Pick<EngineOptions, 'rateLedger'>) => Engine;
  },
): Promise<TeamCaseOnEngine> {
  const store = await openTeamStore(target, options);
  let ledger: Awaited<ReturnType<typeof openPgRateLedger>> | undefined;
  try {
    ledger = store.readOnly ? undefined : await openPgRateLedger(target, options.password);
  } catch (error) {
    await store.close();
    throw error;
  }
  const engine = options.createEngine(ledger === undefined ? {} : { rateLedger: ledger });
  const open = engine.openCaseOn(store, store.address);
  return {
    store,
    engine,
    open,
    close: async () => {
      await open.close();
      await engine.close();
      await ledger?.close();
    },
  };
}
