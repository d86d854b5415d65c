import { describe, expect, it } from 'vitest';
import { describeTeamCase, isTeamCaseUrl, parseTeamCaseUrl, TeamCaseUrlError } from './team-case-url';

describe('team case addresses', () => {
  it('reads user, host, port, database and case name', () => {
    expect(parseTeamCaseUrl('postgresql://alice@db.example:6543/investigations#Acme%20Corp')).toEqual({
      user: 'alice',
      host: 'db.example',
      port: 6543,
      database: 'investigations',
      caseName: 'Acme Corp',
      sslMode: 'prefer',
    });
  });

  it('accepts the postgres:// scheme, the default port and an sslmode', () => {
    const target = parseTeamCaseUrl('postgres://bob@10.0.0.5/cases?sslmode=verify-full#one');
    expect(target.port).toBe(5432);
    expect(target.sslMode).toBe('verify-full');
  });

  it('tells team case addresses from file paths', () => {
    expect(isTeamCaseUrl('postgresql://a@h/d#c')).toBe(true);
    expect(isTeamCaseUrl('POSTGRES://a@h/d#c')).toBe(true);
    expect(isTeamCaseUrl('/home/alice/cases/acme.sqlite')).toBe(false);
    expect(isTeamCaseUrl('postgresql.sqlite')).toBe(false);
  });

  it.each([
    ['a password in the address', 'postgresql://alice:secret@h/d#c', /holds a password/],
    ['no user', 'postgresql://h/d#c', /names no user/],
    ['no database', 'postgresql://alice@h/#c', /names no database/],
    ['no case', 'postgresql://alice@h/d', /names no case/],
    ['a port out of range', 'postgresql://alice@h:99999/d#c', /not a valid team case address|port/],
    ['an unknown sslmode', 'postgresql://alice@h/d?sslmode=maybe#c', /sslmode must be one of/],
    ['an unknown option', 'postgresql://alice@h/d?password=x#c', /unknown option password/],
    ['another scheme', 'mysql://alice@h/d#c', /starts with postgresql:\/\//],
    ['a case name with control characters', 'postgresql://alice@h/d#a%1b%5b2J', /printable/],
  ])('refuses %s with a one-line reason', (_what, url, reason) => {
    expect(() => parseTeamCaseUrl(url)).toThrow(TeamCaseUrlError);
    expect(() => parseTeamCaseUrl(url)).toThrow(reason);
  });

  it('never shows a password, and round-trips through its description', () => {
    const target = parseTeamCaseUrl('postgresql://alice@db.example:6543/inv?sslmode=require#Acme%20Corp');
    const shown = describeTeamCase(target);
    expect(shown).toBe('postgresql://alice@db.example:6543/inv?sslmode=require#Acme%20Corp');
    expect(parseTeamCaseUrl(shown)).toEqual(target);
  });
});
