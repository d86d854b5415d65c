import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  ReviewRefusedError,
  SourceError,
  TeamCaseError,
  TeamCaseUrlError,
  UnknownSessionError,
} from '../engine/index';
import { ServiceError } from './app-services/service-error';
import { UsageError } from './cli/args';
import { cliErrorOf, replyErrorOf } from './error-replies';
import { UnknownRunError } from './report/report-changes';

describe('the IPC reply of an error', () => {
  it("keeps a service error's own code and message", () => {
    expect(replyErrorOf(new ServiceError('conflict', 'name taken'))).toEqual({
      code: 'conflict',
      message: 'name taken',
      expected: true,
    });
  });

  it("answers an engine refusal with its code's reply code and the engine's message", () => {
    expect(replyErrorOf(new UnknownSessionError('no session s1 in this case'))).toEqual({
      code: 'not_found',
      message: 'no session s1 in this case',
      expected: true,
    });
    expect(
      replyErrorOf(new ReviewRefusedError('not-pending', 'edge e is not a pending candidate')).code,
    ).toBe('conflict');
  });

  it('tells the team case form to ask for the password, or that the server is away', () => {
    expect(replyErrorOf(new TeamCaseError('wrong password', 'password')).code).toBe('password_required');
    expect(replyErrorOf(new TeamCaseError('cannot reach', 'unreachable')).code).toBe('unavailable');
  });

  it('answers an unexpected failure as internal, first line only, and asks for it to be logged', () => {
    expect(replyErrorOf(new TeamCaseError('case: connection lost', 'write'))).toEqual({
      code: 'internal',
      message: 'case: connection lost',
      expected: false,
    });
    expect(replyErrorOf(new Error('boom\n  at stack'))).toEqual({
      code: 'internal',
      message: 'boom',
      expected: false,
    });
  });
});

describe('the CLI line and exit of an error', () => {
  it("reports the user's input as a usage error (exit 2)", () => {
    expect(cliErrorOf(new UsageError('--case is required'))).toEqual({
      exit: 'usage',
      message: '--case is required',
    });
    expect(cliErrorOf(new ConfigError('invalid configuration at depth')).exit).toBe('usage');
    expect(cliErrorOf(new UnknownRunError('the case has no run r9')).exit).toBe('usage');
    expect(cliErrorOf(new TeamCaseUrlError('the team case address names no host')).exit).toBe('usage');
  });

  it('adds the command that lists sessions to an unknown session', () => {
    expect(cliErrorOf(new UnknownSessionError('no session s1 in this case'))).toEqual({
      exit: 'usage',
      message: 'no session s1 in this case (cli sessions lists them)',
    });
  });

  it('reports a source or write failure as a failure (exit 1)', () => {
    expect(
      cliErrorOf(new SourceError('http_status', 'HTTP 500 from https://api.example/x', 'GLEIF')).exit,
    ).toBe('failure');
    expect(cliErrorOf(new TeamCaseError('case: connection lost', 'write'))).toEqual({
      exit: 'failure',
      message: 'case: connection lost',
    });
  });
});
