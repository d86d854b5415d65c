import { describe, expect, it } from 'vitest';
import { connectionOf, fieldsOf } from './team-case-fields';

const filled = {
  host: ' db.example.org ',
  port: '6543',
  database: 'investigations',
  user: 'alice',
  sslMode: 'verify-full' as const,
  caseName: ' Acme review ',
};

describe('the team case form fields', () => {
  it('start empty on the default port with certificate checks on', () => {
    expect(fieldsOf(undefined)).toMatchObject({ host: '', port: '5432', sslMode: 'verify-full' });
  });

  it('start from a recent case without any password field', () => {
    const connection = {
      host: 'h',
      port: 1,
      database: 'd',
      user: 'u',
      sslMode: 'require' as const,
      caseName: 'c',
    };
    expect(fieldsOf(connection)).toEqual({ ...connection, port: '1' });
  });

  it('make a trimmed connection with a numeric port', () => {
    expect(connectionOf(filled)).toEqual({
      host: 'db.example.org',
      port: 6543,
      database: 'investigations',
      user: 'alice',
      sslMode: 'verify-full',
      caseName: 'Acme review',
    });
  });

  it.each(['0', '65536', '54a', ''])('refuse the port %j in one line', (port) => {
    expect(connectionOf({ ...filled, port })).toBe('The port is a number from 1 to 65535.');
  });

  it('name the first missing field', () => {
    expect(connectionOf({ ...filled, database: '  ' })).toBe('Enter the database.');
  });
});
