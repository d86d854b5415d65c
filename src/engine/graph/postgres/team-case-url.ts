/**
 * Team case addresses: `postgresql://USER@HOST:PORT/DBNAME#CASENAME` (or `postgres://`), with an
 * optional `?sslmode=`. The password never travels in the address (it would land in shell
 * history, `ps` and logs): it comes from PGPASSWORD or the OS keychain.
 */
import { EngineError } from '../../util/engine-error';

export const SSL_MODES = ['disable', 'prefer', 'require', 'verify-ca', 'verify-full'] as const;
export type SslMode = (typeof SSL_MODES)[number];

export interface TeamCaseTarget {
  host: string;
  port: number;
  user: string;
  database: string;
  /** The case's name inside the database (several cases share one database). */
  caseName: string;
  sslMode: SslMode;
}

/** A team case address that cannot be used; the message is one line for the user. */
export class TeamCaseUrlError extends EngineError {
  override readonly name = 'TeamCaseUrlError';
  constructor(message: string, options?: ErrorOptions) {
    super('team_case_address', message, options);
  }
}

const MAX_CASE_NAME = 200;

/** True when `value` is meant as a team case address rather than a file path. */
export function isTeamCaseUrl(value: string): boolean {
  return /^postgres(?:ql)?:\/\//i.test(value.trim());
}

export function parseTeamCaseUrl(value: string): TeamCaseTarget {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new TeamCaseUrlError('not a valid team case address (postgresql://USER@HOST:PORT/DBNAME#CASENAME)');
  }
  if (url.protocol !== 'postgresql:' && url.protocol !== 'postgres:') {
    throw new TeamCaseUrlError(`a team case address starts with postgresql:// (got ${url.protocol}//)`);
  }
  if (url.password !== '') {
    throw new TeamCaseUrlError(
      'the team case address holds a password: remove it and set PGPASSWORD or store it in the keychain',
    );
  }
  const user = decodeURIComponent(url.username);
  if (user === '') {
    throw new TeamCaseUrlError(
      'the team case address names no user (postgresql://USER@HOST:PORT/DBNAME#CASENAME)',
    );
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === '') {
    throw new TeamCaseUrlError('the team case address names no host');
  }
  const port = url.port === '' ? 5432 : Number(url.port);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new TeamCaseUrlError(`port must be 1-65535 (got ${url.port})`);
  }
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (database === '' || database.includes('/')) {
    throw new TeamCaseUrlError(
      'the team case address names no database (postgresql://USER@HOST:PORT/DBNAME#CASENAME)',
    );
  }
  const caseName = decodeURIComponent(url.hash.replace(/^#/, '')).normalize('NFC').trim();
  if (caseName === '') {
    throw new TeamCaseUrlError('the team case address names no case: add #CASENAME');
  }
  if (caseName.length > MAX_CASE_NAME || /\p{Cc}/u.test(caseName)) {
    throw new TeamCaseUrlError(`a case name is 1-${MAX_CASE_NAME} printable characters`);
  }
  for (const key of url.searchParams.keys()) {
    if (key !== 'sslmode') {
      throw new TeamCaseUrlError(`unknown option ${key} in the team case address (only sslmode)`);
    }
  }
  const sslMode = (url.searchParams.get('sslmode') ?? 'prefer') as SslMode;
  if (!SSL_MODES.includes(sslMode)) {
    throw new TeamCaseUrlError(`sslmode must be one of ${SSL_MODES.join(', ')}`);
  }
  return { host, port, user, database, caseName, sslMode };
}

/** The address as shown to the user and in logs (never a password: the address holds none). */
export function describeTeamCase(target: TeamCaseTarget): string {
  const host = target.host.includes(':') ? `[${target.host}]` : target.host;
  const ssl = target.sslMode === 'prefer' ? '' : `?sslmode=${target.sslMode}`;
  return `postgresql://${encodeURIComponent(target.user)}@${host}:${target.port}/${encodeURIComponent(
    target.database,
  )}${ssl}#${encodeURIComponent(target.caseName)}`;
}

/**
 * The credential (OS keychain entry) holding a team server's password: one per user and server,
 * shared by every case and database there. The CLI reads it; the app's team case form writes it.
 */
export function teamPasswordCredential(target: Pick<TeamCaseTarget, 'user' | 'host' | 'port'>): string {
  return `postgresql:${target.user}@${target.host}:${target.port}`;
}
