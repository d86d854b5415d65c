/** The Result every IPC invoke returns: a value or a coded, one-line, secret-free error. */

export const ERROR_CODES = [
  /** The request did not match the channel's schema. */
  'invalid_request',
  /** A seed that does not parse (the message says why). */
  'invalid_seed',
  /** The settings do not validate (the message names the field). */
  'invalid_settings',
  /** No such case, session or entity. */
  'not_found',
  /** The action conflicts with the current state (e.g. a name already taken). */
  'conflict',
  /** A team case's server wants a password that was not given or was wrong: ask for it. */
  'password_required',
  /** The case may be read and exported but not written (a read-only PostgreSQL role). */
  'read_only',
  /** A server cannot be reached now (a team case's connection is down): try again later. */
  'unavailable',
  /** The OS keychain cannot be reached; the message says what to do. */
  'credential_store_unavailable',
  /** The sender or origin is not the app's own window. */
  'forbidden',
  /** Anything else; the message is safe to show. */
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface AppError {
  code: ErrorCode;
  message: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(code: ErrorCode, message: string): Result<T> {
  return { ok: false, error: { code, message } };
}
