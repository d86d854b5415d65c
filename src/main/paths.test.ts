import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { casesDir, resolveDataDir, settingsPath } from './paths';

describe('resolveDataDir', () => {
  it('prefers the --data-dir flag over the environment', () => {
    expect(resolveDataDir({ flag: '/tmp/flag', env: { TRACE_GRAPH_DATA_DIR: '/tmp/env' } })).toBe(
      '/tmp/flag',
    );
  });

  it('uses TRACE_GRAPH_DATA_DIR when no flag is given', () => {
    expect(resolveDataDir({ env: { TRACE_GRAPH_DATA_DIR: '/tmp/env', XDG_DATA_HOME: '/x' } })).toBe(
      '/tmp/env',
    );
  });

  it('makes a relative flag absolute', () => {
    expect(resolveDataDir({ flag: 'data', env: {} })).toBe(path.resolve('data'));
  });

  it('uses XDG_DATA_HOME on Linux', () => {
    expect(resolveDataDir({ env: { XDG_DATA_HOME: '/xdg' }, platform: 'linux', home: '/home/u' })).toBe(
      '/xdg/trace-graph',
    );
  });

  it('falls back to ~/.local/share on Linux', () => {
    expect(resolveDataDir({ env: {}, platform: 'linux', home: '/home/u' })).toBe(
      '/home/u/.local/share/trace-graph',
    );
  });

  it('uses Application Support on macOS', () => {
    expect(resolveDataDir({ env: {}, platform: 'darwin', home: '/Users/u' })).toBe(
      '/Users/u/Library/Application Support/trace-graph',
    );
  });

  it('uses APPDATA on Windows', () => {
    expect(
      resolveDataDir({
        env: { APPDATA: 'C:\\Users\\u\\AppData\\Roaming' },
        platform: 'win32',
        home: 'C:\\Users\\u',
      }),
    ).toBe('C:\\Users\\u\\AppData\\Roaming\\trace-graph');
  });
});

describe('data dir layout', () => {
  it('keeps cases and settings inside the data directory', () => {
    expect(casesDir('/d')).toBe('/d/cases');
    expect(settingsPath('/d')).toBe('/d/settings.json');
  });
});
