import { describe, expect, it } from 'vitest';
import type { TeamCaseConnection } from '../../shared/ipc/contract';
import { replyErrorOf } from '../error-replies';
import { isTeamCaseId, teamCaseId, teamCaseTarget } from './team-cases';

const connection: TeamCaseConnection = {
  host: 'db.example.org',
  port: 5432,
  database: 'investigations',
  user: 'alice',
  sslMode: 'verify-full',
  caseName: 'Harbour review',
};

describe('a team case from the form', () => {
  it('is the target the CLI would read from the same address', () => {
    expect(teamCaseTarget({ ...connection, caseName: '  Harbour review ' })).toEqual({
      ...connection,
      sslMode: 'verify-full',
    });
  });

  it('accepts an IPv6 host and a user and database with reserved characters', () => {
    expect(teamCaseTarget({ ...connection, host: '::1', user: 'a@b', database: 'inv#2026' })).toMatchObject({
      host: '::1',
      user: 'a@b',
      database: 'inv#2026',
    });
  });

  it.each(['evil@db.example.org', 'db.example.org/other', 'db.example.org#x', 'db example'])(
    'refuses the host %j instead of reading another server, user or database from it',
    (host) => {
      let refusal: unknown;
      try {
        teamCaseTarget({ ...connection, host });
      } catch (error) {
        refusal = error;
      }
      // The form's reply, whichever layer refused the address.
      expect(replyErrorOf(refusal)).toMatchObject({ code: 'invalid_request', expected: true });
    },
  );

  it('refuses a case name with control characters, as the CLI does', () => {
    expect(() => teamCaseTarget({ ...connection, caseName: 'a\u0007b' })).toThrow(/printable characters/);
  });

  it('has one id whatever TLS mode reaches it, and another for another case', () => {
    const id = teamCaseId(teamCaseTarget(connection));
    expect(isTeamCaseId(id)).toBe(true);
    expect(teamCaseId(teamCaseTarget({ ...connection, sslMode: 'disable' }))).toBe(id);
    expect(teamCaseId(teamCaseTarget({ ...connection, caseName: 'Other' }))).not.toBe(id);
  });

  it('never takes the shape of a case file id', () => {
    expect(isTeamCaseId('team-review-0a1b2c3d')).toBe(false);
  });
});
