import { describe, expect, it } from 'vitest';
import { rawUrlToAsset } from './url';

describe('rawUrlToAsset', () => {
  it('lower-cases scheme and host and reports the default port', () => {
    expect(rawUrlToAsset('HTTPS://RDAP.Example.NET/entity/ABC')).toEqual({
      url: 'https://rdap.example.net/entity/ABC',
      scheme: 'https',
      host: 'rdap.example.net',
      port: 443,
      path: '/entity/ABC',
    });
  });

  it('collapses duplicate slashes in the path', () => {
    expect(rawUrlToAsset('http://example.com//a///b/')?.path).toBe('/a/b/');
    expect(rawUrlToAsset('http://example.com//a///b/')?.url).toBe('http://example.com/a/b/');
  });

  it('keeps an explicit port and drops a default one from the url', () => {
    expect(rawUrlToAsset('http://example.com:8080/x')).toMatchObject({
      port: 8080,
      url: 'http://example.com:8080/x',
    });
    expect(rawUrlToAsset('http://example.com:80/x')).toMatchObject({ port: 80, url: 'http://example.com/x' });
    expect(rawUrlToAsset('ftp://files.example.com/pub')?.port).toBe(21);
  });

  it('splits query, fragment and credentials into their fields', () => {
    expect(rawUrlToAsset('https://user:pw@example.com/p?q=1&r=2#top')).toMatchObject({
      username: 'user',
      password: 'pw',
      options: 'q=1&r=2',
      fragment: 'top',
    });
  });

  it('removes a trailing dot from the host', () => {
    expect(rawUrlToAsset('http://example.com./')?.host).toBe('example.com');
  });

  it('reads a scheme-less host name as http', () => {
    expect(rawUrlToAsset('www.markmonitor.com')).toMatchObject({
      url: 'http://www.markmonitor.com/',
      host: 'www.markmonitor.com',
      port: 80,
    });
  });

  it('rejects other schemes', () => {
    expect(rawUrlToAsset('mailto:abuse@example.com')).toBeUndefined();
    expect(rawUrlToAsset('javascript:alert(1)')).toBeUndefined();
    expect(rawUrlToAsset('ssh://example.com')).toBeUndefined();
  });

  it('rejects unparseable text', () => {
    expect(rawUrlToAsset('')).toBeUndefined();
    expect(rawUrlToAsset('not a url')).toBeUndefined();
    expect(rawUrlToAsset('http://')).toBeUndefined();
    expect(rawUrlToAsset('http://exa mple.com')).toBeUndefined();
    expect(rawUrlToAsset('REDACTED')).toBeUndefined();
  });
});
