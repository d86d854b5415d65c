import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { absolutePath } from './case-file-handlers';

describe('a path the user typed for a case file', () => {
  it('is taken as given when it is absolute', () => {
    expect(absolutePath('/srv/cases/acme.sqlite')).toBe('/srv/cases/acme.sqlite');
  });

  it('loses the quotes a file manager puts around it and the spaces around those', () => {
    expect(absolutePath('  "/srv/shared cases/acme.sqlite" ')).toBe('/srv/shared cases/acme.sqlite');
  });

  it('starting with ~/ is in the home folder', () => {
    expect(absolutePath('~/cases/acme.sqlite')).toBe(path.join(os.homedir(), 'cases', 'acme.sqlite'));
  });

  it('given as a file:// address is the file it names', () => {
    expect(absolutePath('file:///srv/shared%20cases/acme.sqlite')).toBe('/srv/shared cases/acme.sqlite');
  });

  it('that is relative is refused, asking for the full path', () => {
    expect(() => absolutePath('cases/acme.sqlite')).toThrow(/Give the full path/);
  });
});
