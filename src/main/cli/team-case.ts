/**
 * `--case postgresql://USER@HOST:PORT/DBNAME#CASENAME`: opening a team case from the CLI. Every
 * failure (bad address, unreachable server, wrong password, missing database, read-only role
 * asked to enrich) is a one-line UsageError (exit 2) raised before anything is written.
 */
import {
  parseTeamCaseUrl,
  teamPasswordCredential,
  type CredentialStore,
  type Engine,
  type EngineOptions,
  type Logger,
  type OpenCase,
  type PostgresCaseGraph,
  type TeamCaseTarget,
} from '../../engine/index';
import { openTeamCaseOnEngine, openTeamStore } from '../app-services/team-case-opening';
import { UsageError } from './args';

export interface OpenedTeamCase {
  store: PostgresCaseGraph;
  close(): Promise<void>;
}

interface TeamCaseCliOptions {
  env: Record<string, string | undefined>;
  credentials: CredentialStore | undefined;
  logger: Logger;
}

/** The address checked and the password found (PGPASSWORD first, then the keychain). */
async function targetAndPassword(
  address: string,
  options: TeamCaseCliOptions,
): Promise<{ target: TeamCaseTarget; password: string | undefined }> {
  // An unusable address (TeamCaseUrlError) is reported as a usage error (src/main/error-replies.ts).
  const target = parseTeamCaseUrl(address);
  const fromEnv = options.env.PGPASSWORD;
  const password =
    fromEnv !== undefined && fromEnv !== ''
      ? fromEnv
      : await options.credentials?.get(teamPasswordCredential(target)).catch(() => undefined);
  return { target, password };
}

/**
 * A team case's store opened without an engine: to read it (`export`, report, diff) or to write
 * the investigator's own records (`enrich` purpose: a read-only role is refused first).
 */
export async function openTeamCaseForCli(
  address: string,
  options: TeamCaseCliOptions & { purpose: 'export' | 'enrich' },
): Promise<OpenedTeamCase> {
  const { target, password } = await targetAndPassword(address, options);
  // A case that cannot be opened (TeamCaseError) is reported as a usage error, like a bad address.
  const store = await openTeamStore(target, { password, logger: options.logger });
  if (options.purpose === 'enrich' && store.readOnly) {
    await store.close();
    throw new UsageError(
      `${store.address} is read-only for PostgreSQL user ${target.user}: you can export it (cli export), not enrich it`,
    );
  }
  return { store, close: () => store.close() };
}

/** A team case opened on an engine to enrich it; a read-only role is refused before anything runs. */
export async function openTeamCaseToEnrich(
  address: string,
  options: TeamCaseCliOptions & { createEngine: (extra: Pick<EngineOptions, 'rateLedger'>) => Engine },
): Promise<{ open: OpenCase; close: () => Promise<void> }> {
  const { target, password } = await targetAndPassword(address, options);
  const opened = await openTeamCaseOnEngine(target, {
    password,
    logger: options.logger,
    createEngine: options.createEngine,
  });
  if (opened.store.readOnly) {
    await opened.close();
    throw new UsageError(
      `${opened.store.address} is read-only for PostgreSQL user ${target.user}: you can export it (cli export), not enrich it`,
    );
  }
  return opened;
}
