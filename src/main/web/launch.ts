/**
 * `npm run web`: starts the loopback web host over the app services and prints the address to
 * open (with its per-launch token in the fragment). Flags: --port N, --data-dir DIR, --open.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unsupportedRuntime } from '../runtime-check';
import { openInBrowser } from './browser-open';

/**
 * The Node flags every launcher of the web host passes (package.json `web`, scripts/start.mjs,
 * scripts/demo.ts; launch-flags.test.ts checks them). V8 grows the young generation under a burst
 * of allocations (a request flood, a large reply) up to 64 MB per semi-space and keeps its pages
 * committed afterwards, so a 20,000-request flood left the host 20-25 MB above its baseline with
 * nothing retained (the heap after a full collection was back at its baseline). 8 MB per
 * semi-space bounds that at 16 MB; bench/web-host-flood.ts measures it. V8 reads the size only
 * at start-up, so it cannot be set from here (v8.setFlagsFromString has no effect on it).
 */
export const WEB_HOST_NODE_FLAGS = ['--max-semi-space-size=8'] as const;

interface LaunchArguments {
  port?: number;
  dataDir?: string;
  open: boolean;
}

export function parseLaunchArguments(argv: string[]): LaunchArguments {
  const result: LaunchArguments = { open: false };
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    const next = argv[index + 1];
    if (argument === '--port' && next !== undefined) {
      result.port = parsePort(next, '--port');
      index += 1;
    } else if (argument === '--data-dir' && next !== undefined) {
      result.dataDir = next;
      index += 1;
    } else if (argument === '--open') {
      result.open = true;
    } else {
      throw new Error(`unknown argument "${argument}"; use --port N, --data-dir DIR, --open`);
    }
  }
  return result;
}

/** A listening port: 1-65535, or 0 for any free one. */
export function parsePort(text: string, what: string): number {
  const port = /^\d{1,5}$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`${what} must be a port from 1 to 65535 (or 0 for any free port), got "${text}"`);
  }
  return port;
}

async function main(): Promise<void> {
  const args = parseLaunchArguments(process.argv.slice(2));
  const unsupported = unsupportedRuntime(process.versions.node);
  if (unsupported !== undefined) {
    throw new Error(unsupported);
  }
  // Loaded after the runtime check: the engine loads the native SQLite module.
  const { composeAppServices, createStderrLogger } = await import('../app-services/compose');
  const { startWebHost } = await import('./web-host');
  const logger = createStderrLogger(process.env.TRACE_GRAPH_LOG === 'debug' ? 'debug' : 'warn');
  const { dataDir, services } = await composeAppServices({
    ...(args.dataDir === undefined ? {} : { dataDirFlag: args.dataDir }),
    environment: process.env,
    logger,
  });
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  const fromEnvironment = process.env.TRACE_GRAPH_PORT;
  const port =
    args.port ??
    (fromEnvironment === undefined || fromEnvironment === ''
      ? 0
      : parsePort(fromEnvironment, 'TRACE_GRAPH_PORT'));
  const host = await startWebHost({ services, staticDir: path.join(root, 'out', 'web'), port, logger });
  process.stdout.write(`Trace Graph is served at ${host.url}\n(data directory: ${dataDir})\n`);
  // Never `xdg-open <url>`: the token would be on a command line every local user can read.
  const redirect = args.open ? await openInBrowser(host.url) : undefined;
  const stop = (): void => {
    void Promise.resolve(redirect?.remove())
      .then(() => host.close())
      .then(() => services.close())
      .finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(
      `cannot start the web host: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  });
}
