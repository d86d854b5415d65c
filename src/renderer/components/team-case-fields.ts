/** The team case form's fields: what it starts with, and the connection they make (or why not). */
import type { TeamCaseConnection, TeamSslMode } from '../../shared/ipc/contract';

export interface Fields {
  host: string;
  port: string;
  database: string;
  user: string;
  sslMode: TeamSslMode;
  caseName: string;
}

export function fieldsOf(connection: TeamCaseConnection | undefined): Fields {
  return {
    host: connection?.host ?? '',
    port: String(connection?.port ?? 5432),
    database: connection?.database ?? '',
    user: connection?.user ?? '',
    sslMode: connection?.sslMode ?? 'verify-full',
    caseName: connection?.caseName ?? '',
  };
}

/** The form's values as a connection, or the one-line reason they are not one yet. */
export function connectionOf(fields: Fields): TeamCaseConnection | string {
  const port = Number(fields.port.trim());
  if (!/^\d{1,5}$/.test(fields.port.trim()) || port < 1 || port > 65_535) {
    return 'The port is a number from 1 to 65535.';
  }
  const missing = (['host', 'database', 'user', 'caseName'] as const).find(
    (key) => fields[key].trim() === '',
  );
  if (missing !== undefined) {
    const names = {
      host: 'the server host',
      database: 'the database',
      user: 'the user',
      caseName: 'the case name',
    };
    return `Enter ${names[missing]}.`;
  }
  return {
    host: fields.host.trim(),
    port,
    database: fields.database.trim(),
    user: fields.user.trim(),
    sslMode: fields.sslMode,
    caseName: fields.caseName.trim(),
  };
}
