import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { describeCaseStoreContract } from '../../../../test/contract/case-store-contract';
import { asyncCaseStore } from '../case-store';
import { openSqliteCaseStore } from './store';

const dir = mkdtempSync(join(tmpdir(), 'case-store-contract-'));

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describeCaseStoreContract('SQLite', ({ caseName, clock, mergeRules }) =>
  Promise.resolve(
    asyncCaseStore(openSqliteCaseStore(join(dir, `${caseName}.sqlite`), { clock, mergeRules })),
  ),
);
