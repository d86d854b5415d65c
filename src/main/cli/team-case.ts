/**
 * `--case postgresql://USER@HOST:PORT/DBNAME#CASENAME`: opening a team case from the CLI. Every
 * failure (bad address, unreachable server, wrong password, missing database, read-only role
 * asked to enrich) is a one-line UsageError (exit 2) raised before anything is written.
 */
import {
  parseTeamCaseUrl,
  TeamCaseError,
  TeamCaseUrlError,
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
  return { target, password };
}

function usageErrorOf(error: unknown): UsageError {
  return new UsageError(error instanceof TeamCaseError ? error.message : String(error));
}

/** A team case opened to read it (export, report, diff). */
export async function openTeamCaseForCli(
  address: string,
  options: TeamCaseCliOptions & { purpose: 'export' },
): Promise<OpenedTeamCase> {
  const { target, password } = await targetAndPassword(address, options);
  try {
    const store = await openTeamStore(target, { password, logger: options.logger });
    return { store, close: () => store.close() };
  } catch (error) {
    throw usageErrorOf(error);
  }
}

/** A team case opened on an engine to enrich it; a read-only role is refused before anything runs. */
export async function openTeamCaseToEnrich(
  address: string,
  options: TeamCaseCliOptions & { createEngine: (extra: Pick<EngineOptions, 'rateLedger'>) => Engine },
): Promise<{ open: OpenCase; close: () => Promise<void> }> {
  const { target, password } = await targetAndPassword(address, options);
  let opened;
  try {
    opened = await openTeamCaseOnEngine(target, {
      password,
      logger: options.logger,
      createEngine: options.createEngine,
    });
  } catch (error) {
    throw usageErrorOf(error);
  }
  if (opened.store.readOnly) {
    await opened.close();
    throw new UsageError(
      `${opened.store.address} is read-only for PostgreSQL user ${target.user}: you can export it (cli export), not enrich it`,
    );
  }
  return opened;
}
