import { describe, expect, it } from 'vitest';
import { classifyConnectError, describeConnectError, isConnectionLoss } from './connection';
import { parseTeamCaseUrl } from './team-case-url';

const target = parseTeamCaseUrl('postgresql://alice@db.example:6543/inv#Acme');

function pgError(code: string, message = 'server said no'): Error {
  return Object.assign(new Error(message), { code });
}

describe('connection failures in one line', () => {
  it.each([
    ['ECONNREFUSED', /cannot reach PostgreSQL at db\.example:6543 \(connection refused\)/],
    ['ENOTFOUND', /cannot resolve the PostgreSQL host db\.example/],
    ['28P01', /wrong password for PostgreSQL user alice on db\.example:6543/],
    ['3D000', /database "inv" does not exist on db\.example:6543/],
    ['28000', /PostgreSQL refused user alice on db\.example:6543: server said no/],
  ])('names what went wrong for %s', (code, expected) => {
    const message = describeConnectError(pgError(code), target);
    expect(message).toMatch(expected);
    expect(message).not.toContain('\n');
  });

  it('says the server did not answer within the connect timeout', () => {
    expect(describeConnectError(new Error('timeout expired'), target)).toMatch(
      /no answer from PostgreSQL at db\.example:6543 within 5 s/,
    );
  });

  it('folds a multi-line server message into one line', () => {
    expect(describeConnectError(new Error('first\nsecond'), target)).toMatch(/first second$/);
  });

  it('tells a lost connection from other errors', () => {
    expect(isConnectionLoss(pgError('57P01'))).toBe(true);
    expect(isConnectionLoss(pgError('08006'))).toBe(true);
    expect(isConnectionLoss(new Error('Client was closed and is not queryable'))).toBe(true);
    expect(isConnectionLoss(pgError('42501'))).toBe(false);
    expect(isConnectionLoss(pgError('23505'))).toBe(false);
  });

  it.each([
    ['28P01', 'password'],
    ['ECONNREFUSED', 'unreachable'],
    ['ENOTFOUND', 'unreachable'],
    ['ETIMEDOUT', 'unreachable'],
    ['3D000', 'other'],
    ['28000', 'other'],
  ])('classifies %s as a %s failure', (code, failure) => {
    expect(classifyConnectError(pgError(code))).toBe(failure);
  });

  it('classifies a missing password and a timeout by their client-side messages', () => {
    expect(
      classifyConnectError(new Error('SASL: SCRAM-SERVER-FIRST-MESSAGE: client password must be a string')),
    ).toBe('password');
    expect(classifyConnectError(new Error('timeout expired'))).toBe('unreachable');
  });
});
