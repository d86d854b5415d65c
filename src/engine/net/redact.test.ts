import { describe, expect, it } from 'vitest';
import { redactHeaders, redactUrl, scrubSecrets, takeUrlCredentials } from './redact';

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
  const KEY = 'sk-live-9fQ2xZ7wLm4T';

  it('replaces every occurrence of a secret, also URL-encoded', () => {
    expect(scrubSecrets('a k/y+1 b k%2Fy%2B1 c', ['k/y+1'])).toBe('a REDACTED b REDACTED c');
  });

  it('masks the first characters of a secret cut short by a parser', () => {
    expect(scrubSecrets(`Unexpected token 's', "${KEY.slice(0, 10)}"... is not valid JSON`, [KEY])).toBe(
      `Unexpected token 's', "REDACTED"... is not valid JSON`,
    );
  });

  it('masks any run of six characters from inside a secret', () => {
    expect(scrubSecrets(`echo ${KEY.slice(7, 13)} end`, [KEY])).toBe('echo REDACTED end');
  });

  it('leaves a run of five characters of a secret alone', () => {
    expect(scrubSecrets(`word ${KEY.slice(0, 5)} x`, [KEY])).toBe(`word ${KEY.slice(0, 5)} x`);
  });

  it('masks overlapping runs of several secrets as one stretch', () => {
    expect(scrubSecrets('xx abcdefghij yy', ['abcdefgh', 'efghij'])).toBe('xx REDACTED yy');
  });
});

describe('takeUrlCredentials', () => {
  it('moves user:password@ into a Basic header and lists the password forms to mask', () => {
    const url = new URL('https://alice:p%40ss%20word@mirror.example.test/api');
    const taken = takeUrlCredentials(url);
    expect(url.href).toBe('https://mirror.example.test/api');
    expect(taken?.authorization).toBe(`Basic ${Buffer.from('alice:p@ss word').toString('base64')}`);
    expect(taken?.secrets).toEqual([
      'p@ss word',
      'p%40ss%20word',
      Buffer.from('alice:p@ss word').toString('base64'),
    ]);
  });

  it('returns undefined for a URL without credentials', () => {
    expect(takeUrlCredentials(new URL('https://api.example.test/'))).toBeUndefined();
  });
});
