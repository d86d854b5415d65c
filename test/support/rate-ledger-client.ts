/**
 * Child process for the cross-process rate-limit test (issue 11.10): builds a real engine on the
 * data directory given, takes the HTTP client the engine gives plugins, and sends `count` GETs
 * to `url` three at a time. Prints `done <count>` on success.
 *
 * Usage: tsx test/support/rate-ledger-client.ts <dataDir> <url> <count> <intervalMs>
 */
import { DEFAULT_CONFIG } from '../../src/engine/config/config';
import { createMemoryCredentialStore } from '../../src/engine/credentials/credential-store';
import { createEngine } from '../../src/engine/engine';
import type { SourceHttp } from '../../src/engine/core/plugin-api';

const [dataDir, url, countText, intervalText] = process.argv.slice(2);
if (dataDir === undefined || url === undefined) {
  throw new Error('usage: rate-ledger-client <dataDir> <url> <count> <intervalMs>');
}
const count = Number(countText);
const intervalMs = Number(intervalText);

let http: SourceHttp | undefined;
const engine = createEngine({
  config: DEFAULT_CONFIG,
  dataDir,
  credentials: createMemoryCredentialStore(),
  plugins: [
    {
      name: 'probe',
      source: { name: 'Probe', confidence: 100 },
      setup: (environment) => {
        http = environment.createHttp({
          source: 'Probe',
          baseUrl: url,
          rateLimit: { requests: 1, intervalMs },
        });
      },
      handlers: [],
    },
  ],
});

const client = http;
if (client === undefined) {
  throw new Error('the probe plugin was not set up');
}
let next = 0;
const worker = async (): Promise<void> => {
  while (next < count) {
    next += 1;
    await client.getJson(`/probe/${process.pid}/${next}`);
  }
};
await Promise.all([worker(), worker(), worker()]);
await engine.close();
console.log(`done ${count}`);
