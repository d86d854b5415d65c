import { describe, expect, it } from 'vitest';
import { redactHeaders, redactUrl, scrubSecrets } from './redact';

describe('redactUrl', () => {
  it('strips user and password from the URL', () => {
    expect(redactUrl('https://alice:s3cret@example.test/path?q=1')).toBe('https://example.test/path?q=1');
  });

  it.each([
    'key',
    'api_key',
    'apikey',
    'apiKey',
    'token',
    'access_token',
    'secret',
    'password',
    'client_secret',
  ])('masks the value of the query parameter %s', (name) => {
    const redacted = redactUrl(`https://example.test/x?${name}=abcd1234&page=2`);
    expect(redacted).toBe(`https://example.test/x?${name}=REDACTED&page=2`);
  });

  it('keeps ordinary query parameters and their encoding as they are', () => {
    const url = 'https://example.test/search?filter%5Bentity.legalName%5D=Acme%20Corp&page%5Bsize%5D=10';
    expect(redactUrl(url)).toBe(url);
  });

  it('removes userinfo from a string that is not a parseable URL', () => {
    expect(redactUrl('not a url //bob:pw@host')).toBe('not a url //host');
  });
});

describe('redactHeaders', () => {
  it('masks authorization, cookies and key-like headers but keeps the others', () => {
    expect(
      redactHeaders({
        authorization: 'Bearer abcd1234',
        'x-api-key': 'abcd1234',
        cookie: 'session=1',
        accept: 'application/json',
      }),
    ).toEqual({
      authorization: 'REDACTED',
      'x-api-key': 'REDACTED',
      cookie: 'REDACTED',
      accept: 'application/json',
    });
  });
});

describe('scrubSecrets', () => {
  it('replaces every occurrence of a secret, also URL-encoded', () => {
    expect(scrubSecrets('a k/y+1 b k%2Fy%2B1 c', ['k/y+1'])).toBe('a REDACTED b REDACTED c');
  });
});
