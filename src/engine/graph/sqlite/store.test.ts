import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { asyncCaseGraph } from '../../../../test/contract/async-case-graph';
import { describeCaseStoreContract } from '../../../../test/contract/case-store-contract';
import { openSqliteCaseGraph } from './store';

const dir = mkdtempSync(join(tmpdir(), 'case-store-contract-'));

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describeCaseStoreContract('SQLite', ({ caseName, clock, mergeRules }) =>
  Promise.resolve(
    asyncCaseGraph(openSqliteCaseGraph(join(dir, `${caseName}.sqlite`), { clock, mergeRules })),
  ),
);
