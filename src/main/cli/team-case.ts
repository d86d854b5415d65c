/**
 * `--case postgresql://USER@HOST:PORT/DBNAME#CASENAME`: opening a team case from the CLI. Every
 * failure (bad address, unreachable server, wrong password, missing database, read-only role
 * asked to enrich) is a one-line UsageError (exit 2) raised before anything is written.
 */
import {
  builtinPlugins,
  openPgRateLedger,
  openTeamCase,
  parseTeamCaseUrl,
  TeamCaseError,
  TeamCaseUrlError,
  teamPasswordCredential,
  type CredentialStore,
  type Logger,
  type PostgresCaseGraph,
  type TeamCaseTarget,
} from '../../engine/index';
import { UsageError } from './args';

export interface OpenedTeamCase {
  store: PostgresCaseGraph;
  /** The team's rate ledger (enrich only): the sources' limits hold for every member. */
  ledger?: Awaited<ReturnType<typeof openPgRateLedger>>;
  close(): Promise<void>;
}

export async function openTeamCaseForCli(
  address: string,
  options: {
    env: Record<string, string | undefined>;
    credentials: CredentialStore | undefined;
    logger: Logger;
    purpose: 'enrich' | 'export';
  },
): Promise<OpenedTeamCase> {
  let target: TeamCaseTarget;
  try {
    target = parseTeamCaseUrl(address);
  } catch (error) {
    throw new UsageError(error instanceof TeamCaseUrlError ? error.message : String(error));
  }
  const fromEnv = options.env.PGPASSWORD;
  const password =
    fromEnv !== undefined && fromEnv !== ''
      ? fromEnv
      : await options.credentials?.get(teamPasswordCredential(target)).catch(() => undefined);
  let store: PostgresCaseGraph;
  try {
    store = await openTeamCase(target, {
      ...(password === undefined ? {} : { password }),
      logger: options.logger,
      // The same identity rules the engine applies (it runs the built-in plugins too).
      mergeRules: builtinPlugins().flatMap((plugin) => plugin.mergeRules ?? []),
    });
  } catch (error) {
    throw new UsageError(error instanceof TeamCaseError ? error.message : String(error));
  }
  if (options.purpose === 'export') {
    return { store, close: () => store.close() };
  }
  if (store.readOnly) {
    await store.close();
    throw new UsageError(
      `${store.address} is read-only for PostgreSQL user ${target.user}: you can export it (cli export), not enrich it`,
    );
  }
  let ledger: OpenedTeamCase['ledger'];
  try {
    ledger = await openPgRateLedger(target, password);
  } catch (error) {
    await store.close();
    throw new UsageError(error instanceof TeamCaseError ? error.message : String(error));
  }
  return {
    store,
    ledger,
    close: async () => {
      await store.close();
      await ledger.close();
    },
  };
}
