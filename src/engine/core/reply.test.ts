import { describe, expect, it } from 'vitest';
import { MalformedBodyError } from '../net/errors';
import { SourceReplyError, parsed } from './reply';

const response = { status: 200, url: 'https://registry.test/a', headers: {}, body: { id: 'x' } };

describe('parsed', () => {
  it('returns what the mapping returns', () => {
    expect(parsed(response, 'Test', (body) => body.id)).toBe('x');
  });

  it('turns a refusal of the mapping into a malformed_body failure naming the URL and the source', () => {
    const attempt = () =>
      parsed(response, 'Test', () => {
        throw new SourceReplyError('asked for LEI A, the reply is for B');
      });
    expect(attempt).toThrow(MalformedBodyError);
    expect(attempt).toThrow(
      'malformed reply from https://registry.test/a: asked for LEI A, the reply is for B',
    );
    try {
      attempt();
    } catch (error) {
      expect((error as MalformedBodyError).source).toBe('Test');
    }
  });

  it('lets any other error through unchanged', () => {
    const bug = new TypeError('a bug');
    expect(() =>
      parsed(response, 'Test', () => {
        throw bug;
      }),
    ).toThrow(bug);
  });
});
