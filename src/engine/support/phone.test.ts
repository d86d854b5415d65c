import { describe, expect, it } from 'vitest';
import { phoneToAsset } from './phone';

describe('phoneToAsset', () => {
  it('parses a WHOIS-style number with a dot after the calling code', () => {
    expect(phoneToAsset('+1.7035555555', { type: 'phone' })).toEqual({
      type: 'phone',
      raw: '+17035555555',
      e164: '+17035555555',
      country_code: 1,
      country_abbrev: 'US',
    });
  });

  it('parses a vCard tel URI with its extension into raw and ext', () => {
    expect(phoneToAsset('tel:+1.7035555555;ext=123', { type: 'phone' })).toEqual({
      type: 'phone',
      raw: '+17035555555 Ext. 123',
      e164: '+17035555555',
      country_code: 1,
      country_abbrev: 'US',
      ext: '123',
    });
  });

  it('appends a separately given extension', () => {
    const phone = phoneToAsset('+1.7035555555', { type: 'fax', ext: '42' });
    expect(phone?.raw).toBe('+17035555555 Ext. 42');
    expect(phone?.ext).toBe('42');
    expect(phone?.type).toBe('fax');
  });

  it('ignores a blank separate extension', () => {
    expect(phoneToAsset('+1.7035555555', { type: 'phone', ext: ' ' })?.raw).toBe('+17035555555');
  });

  it('reads a national number in the given region', () => {
    const phone = phoneToAsset('020 7946 0958', { type: 'phone', country: 'gb' });
    expect(phone?.e164).toBe('+442079460958');
    expect(phone?.country_abbrev).toBe('GB');
    expect(phone?.country_code).toBe(44);
  });

  it('accepts a country name as the region', () => {
    expect(phoneToAsset('030 901820', { type: 'phone', country: 'Germany' })?.e164).toBe('+4930901820');
  });

  it('reports the region of the number, not the caller guess, for international numbers', () => {
    expect(phoneToAsset('+44 20 7946 0958', { type: 'phone', country: 'US' })?.country_abbrev).toBe('GB');
  });

  it('rejects numbers that are not valid for their region', () => {
    expect(phoneToAsset('+1.5555555555', { type: 'phone' })).toBeUndefined();
  });

  it('rejects text that is not a phone number', () => {
    expect(phoneToAsset('REDACTED FOR PRIVACY', { type: 'phone' })).toBeUndefined();
    expect(phoneToAsset('', { type: 'phone' })).toBeUndefined();
  });

  it('rejects a national number without a region', () => {
    expect(phoneToAsset('(425) 882-8080', { type: 'phone' })).toBeUndefined();
  });
});
