import { afterAll, beforeAll, describe } from 'vitest';
import { asyncCaseGraph } from '../../../../test/contract/async-case-graph';
import { describeCaseStoreContract } from '../../../../test/contract/case-store-contract';
import { havePostgres, startPostgres, type PostgresServer } from '../../../../test/support/postgres';
import { openTeamCase } from './pg-case-store';
import { parseTeamCaseUrl } from './team-case-url';

let server: PostgresServer;
let databaseUrl: string;

describe.skipIf(!havePostgres())('PostgreSQL backend', () => {
  beforeAll(async () => {
    server = await startPostgres();
    databaseUrl = await server.createDatabase();
  }, 60_000);
  afterAll(async () => {
    await server.stop();
  });

  describeCaseStoreContract('PostgreSQL', async ({ caseName, clock, mergeRules }) =>
    asyncCaseGraph(
      await openTeamCase(parseTeamCaseUrl(`${databaseUrl}#${encodeURIComponent(caseName)}`), {
        password: server.password,
        clock,
        mergeRules,
      }),
    ),
  );
});
