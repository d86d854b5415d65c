/**
 * Connecting to a team case's PostgreSQL server: TLS per `sslmode`, a bounded connect time, and
 * every failure turned into one line the user can act on (never a hang, never a password).
 */
import pg from 'pg';
import { EngineError, type EngineErrorCode } from '../../util/engine-error';
import { describeTeamCase, type TeamCaseTarget } from './team-case-url';

/** How long a connection attempt may take before it is reported as unreachable. */
export const CONNECT_TIMEOUT_MS = 5_000;

/**
 * What kind of failure a TeamCaseError is, for a UI that reacts differently: ask for the password
 * again (`password`), say the server is out of reach (`unreachable`), or just show the line
 * (`other`: the case cannot be opened). `write`: an open case's write or reconnect failed.
 */
export type TeamCaseFailure = 'password' | 'unreachable' | 'other' | 'write';

const CODE_OF_FAILURE = {
  password: 'team_case_password',
  unreachable: 'team_case_unreachable',
  other: 'team_case_refused',
  write: 'team_case_write',
} as const satisfies Record<TeamCaseFailure, EngineErrorCode>;

/** A team case that cannot be opened or written; `message` is one line for the user. */
export class TeamCaseError extends EngineError {
  override readonly name = 'TeamCaseError';
  readonly failure: TeamCaseFailure;
  constructor(message: string, failure: TeamCaseFailure = 'other') {
    super(CODE_OF_FAILURE[failure], message);
    this.failure = failure;
  }
}

function sslOption(target: TeamCaseTarget, plain: boolean): pg.ClientConfig['ssl'] {
  switch (target.sslMode) {
    case 'disable':
      return false;
    case 'prefer':
    case 'require':
      // libpq's meaning: encrypted, certificate not checked.
      return plain ? false : { rejectUnauthorized: false };
    case 'verify-ca':
      // The chain must verify; the host name need not match.
      return { rejectUnauthorized: true, checkServerIdentity: () => undefined };
    case 'verify-full':
      return { rejectUnauthorized: true, servername: target.host };
  }
}

/** Opens one connection; rejects with a TeamCaseError. */
export async function connectTeamCase(
  target: TeamCaseTarget,
  password: string | undefined,
): Promise<pg.Client> {
  try {
    return await connectOnce(target, password, false);
  } catch (error) {
    // sslmode=prefer (libpq's default) falls back to a plain connection where the server has no TLS.
    if (target.sslMode === 'prefer' && /does not support SSL/i.test(errorText(error))) {
      try {
        return await connectOnce(target, password, true);
      } catch (plainError) {
        throw new TeamCaseError(describeConnectError(plainError, target), classifyConnectError(plainError));
      }
    }
    throw new TeamCaseError(describeConnectError(error, target), classifyConnectError(error));
  }
}

async function connectOnce(
  target: TeamCaseTarget,
  password: string | undefined,
  plain: boolean,
): Promise<pg.Client> {
  const client = new pg.Client({
    host: target.host,
    port: target.port,
    user: target.user,
    database: target.database,
    // An empty password makes pg ask PGPASSWORD itself; give it exactly what we were given.
    password: password ?? '',
    ssl: sslOption(target, plain),
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    application_name: 'trace-graph',
  });
  // Without a listener a dropped connection would crash the process; callers watch `end`.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return client;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** One line naming the server and what went wrong, from a pg or socket error. */
export function describeConnectError(error: unknown, target: TeamCaseTarget): string {
  const where = describeTeamCase(target);
  const code = (error as { code?: string } | undefined)?.code;
  const text = errorText(error).replace(/\s+/g, ' ').trim();
  switch (code) {
    case 'ECONNREFUSED':
      return `cannot reach PostgreSQL at ${target.host}:${target.port} (connection refused) for ${where}`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `cannot resolve the PostgreSQL host ${target.host} for ${where}`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'ETIMEDOUT':
      return `cannot reach PostgreSQL at ${target.host}:${target.port} (${code}) for ${where}`;
    case '28P01':
      return `wrong password for PostgreSQL user ${target.user} on ${target.host}:${target.port} (set PGPASSWORD or store it in the keychain)`;
    case '28000':
      return `PostgreSQL refused user ${target.user} on ${target.host}:${target.port}: ${text}`;
    case '3D000':
      return `PostgreSQL database "${target.database}" does not exist on ${target.host}:${target.port}`;
    case undefined:
    default:
      break;
  }
  if (/timeout/i.test(text)) {
    return `no answer from PostgreSQL at ${target.host}:${target.port} within ${CONNECT_TIMEOUT_MS / 1000} s for ${where}`;
  }
  if (/password must be a string|SASL|client password/i.test(text)) {
    return `PostgreSQL user ${target.user} needs a password: set PGPASSWORD or store it in the keychain`;
  }
  return `cannot open ${where}: ${text}`;
}

/** The kind of a connect failure: the same SQLSTATE codes and socket errors describeConnectError reads. */
export function classifyConnectError(error: unknown): TeamCaseFailure {
  const code = (error as { code?: string } | undefined)?.code;
  const text = errorText(error);
  // 28P01: invalid password; no password given where the server asks for one fails in the client.
  if (code === '28P01' || /password must be a string|SASL|client password/i.test(text)) {
    return 'password';
  }
  if (
    (code !== undefined &&
      /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|ETIMEDOUT)$/.test(code)) ||
    /timeout/i.test(text)
  ) {
    return 'unreachable';
  }
  return 'other';
}

/** SQLSTATE classes 08 (connection exception) and 57P (operator intervention), socket errors. */
export function isConnectionLoss(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (
    typeof code === 'string' &&
    (/^08/.test(code) || /^57P0[123]$/.test(code) || /^E(CONNRESET|PIPE)$/.test(code))
  ) {
    return true;
  }
  return /Connection terminated|not queryable|connection error/i.test(
    error instanceof Error ? error.message : '',
  );
}

/** An error's message on one line (server messages may hold newlines). */
export function oneLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
}
