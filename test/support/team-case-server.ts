/**
 * The set-up every team-case store test shares: a throw-away PostgreSQL server for the describe
 * block (started before its first test, stopped after its last) with one database, the stores a
 * test opens on it (closed after each test), and waiting for a delta another member wrote.
 * Call `useTeamCaseServer()` inside a `describe.skipIf(!havePostgres())` block.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { GraphDelta } from '../../src/shared/model/graph';
import { openTeamCase, type PostgresCaseGraph } from '../../src/engine/graph/postgres/pg-case-store';
import { parseTeamCaseUrl } from '../../src/engine/graph/postgres/team-case-url';
import { startPostgres, type PostgresServer } from './postgres';

export interface TeamCaseServer {
  readonly server: PostgresServer;
  /** The block's database (`postgresql://USER@HOST:PORT/DB`, no case name). */
  readonly databaseUrl: string;
  /** Opens (creating) the case `caseName`, by default in the block's database as its owner. */
  open(
    caseName: string,
    as?: { url?: string | undefined; password?: string | undefined },
  ): Promise<PostgresCaseGraph>;
}

export function useTeamCaseServer(): TeamCaseServer {
  let server: PostgresServer | undefined;
  let databaseUrl: string | undefined;
  const opened: PostgresCaseGraph[] = [];
  beforeAll(async () => {
    server = await startPostgres();
    databaseUrl = await server.createDatabase();
  }, 60_000);
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });
  afterAll(async () => {
    await server?.stop();
  });
  const started = (): { server: PostgresServer; databaseUrl: string } => {
    if (server === undefined || databaseUrl === undefined) {
      throw new Error('the team case server starts before the first test');
    }
    return { server, databaseUrl };
  };
  return {
    get server() {
      return started().server;
    },
    get databaseUrl() {
      return started().databaseUrl;
    },
    async open(caseName, as = {}) {
      const running = started();
      const url = as.url ?? running.databaseUrl;
      const store = await openTeamCase(parseTeamCaseUrl(`${url}#${caseName}`), {
        password: as.password ?? running.server.password,
      });
      opened.push(store);
      return store;
    },
  };
}

/** Resolves with the first delta `store` receives that passes `test` (another member's write). */
export function nextDelta(
  store: PostgresCaseGraph,
  test: (delta: GraphDelta) => boolean,
): Promise<GraphDelta> {
  return new Promise((resolve) => {
    const stop = store.onDelta((delta) => {
      if (test(delta)) {
        stop();
        resolve(delta);
      }
    });
  });
}
