/**
 * Setup of the renderer test tier (vitest project `renderer`, jsdom): every test starts from an
 * empty document. Testing Library unmounts by itself only where vitest's globals are on; here
 * they are off.
 */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  delete window.api;
});
