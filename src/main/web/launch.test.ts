import { describe, expect, it } from 'vitest';
import { parseLaunchArguments, parsePort } from './launch';

describe('web host launch arguments', () => {
  it('takes a port, a data directory and --open', () => {
    expect(parseLaunchArguments(['--port', '8080', '--data-dir', '/tmp/x', '--open'])).toEqual({
      port: 8080,
      dataDir: '/tmp/x',
      open: true,
    });
  });

  it('refuses a port above 65535', () => {
    expect(() => parseLaunchArguments(['--port', '99999'])).toThrow(/--port must be a port from 1 to 65535/);
  });

  it('refuses a port that is not a whole number', () => {
    expect(() => parsePort('80.5', 'TRACE_GRAPH_PORT')).toThrow(/TRACE_GRAPH_PORT/);
    expect(() => parsePort('1e3', 'TRACE_GRAPH_PORT')).toThrow(/TRACE_GRAPH_PORT/);
  });
});
