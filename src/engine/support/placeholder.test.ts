import { describe, expect, it } from 'vitest';
import { isPlaceholder } from './placeholder';

describe('placeholders written instead of registration data', () => {
  it('recognises redaction and privacy texts', () => {
    for (const value of [
      'REDACTED FOR PRIVACY',
      'Data Protected',
      'Registration Private',
      'Privacy service provided by Withheld for Privacy ehf',
      'See PrivacyGuardian.org',
      'Not Disclosed',
      'N/A',
    ]) {
      expect(isPlaceholder(value), value).toBe(true);
    }
  });

  it('keeps real names, including privacy services named as companies', () => {
    for (const value of ['Google LLC', 'Domains By Proxy, LLC', 'Jane Q. Public', 'Seesaw Media Ltd']) {
      expect(isPlaceholder(value), value).toBe(false);
    }
  });
});
