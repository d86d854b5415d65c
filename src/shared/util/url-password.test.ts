import { describe, expect, it } from 'vitest';
import { maskUrlPassword, PASSWORD_PLACEHOLDER, restoreUrlPassword } from './url-password';

const STORED = 'https://alice:Tr0ub4dor-horse@mirror.example.test/api/v1';

describe('maskUrlPassword', () => {
  it('replaces the password of a URL with the placeholder', () => {
    expect(maskUrlPassword(STORED)).toBe(`https://alice:${PASSWORD_PLACEHOLDER}@mirror.example.test/api/v1`);
  });

  it('leaves a URL without a password and a text that is not a URL as they are', () => {
    expect(maskUrlPassword('https://api.gleif.org')).toBe('https://api.gleif.org');
    expect(maskUrlPassword('whois.iana.org:43')).toBe('whois.iana.org:43');
  });
});

describe('restoreUrlPassword', () => {
  it('puts the stored password back when the URL comes back masked for the same user and origin', () => {
    const masked = maskUrlPassword(STORED).replace('/api/v1', '/api/v2');
    expect(restoreUrlPassword(masked, STORED)).toBe(
      'https://alice:Tr0ub4dor-horse@mirror.example.test/api/v2',
    );
  });

  it('never carries the stored password to another host', () => {
    const moved = maskUrlPassword(STORED).replace('mirror.example.test', 'evil.example.test');
    expect(restoreUrlPassword(moved, STORED)).toBe('https://alice@evil.example.test/api/v1');
  });

  it('never carries the stored password to another user', () => {
    const otherUser = maskUrlPassword(STORED).replace('alice', 'mallory');
    expect(restoreUrlPassword(otherUser, STORED)).toBe('https://mallory@mirror.example.test/api/v1');
  });

  it('keeps a newly typed password as typed', () => {
    expect(restoreUrlPassword('https://alice:n3w-secret@mirror.example.test/', STORED)).toBe(
      'https://alice:n3w-secret@mirror.example.test/',
    );
  });
});
