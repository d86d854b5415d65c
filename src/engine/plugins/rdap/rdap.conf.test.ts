import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, CASES } from '../../../../test/fixtures/rdap/registry-conformance-cases';
import {
  openRdapHarness,
  startFakeRdapServer,
  type FakeRdapServer,
} from '../../../../test/fakes/rdap-server';
import { fixturesDir, haveFixtures } from '../../../../test/support/fixtures-dir';

// Expectations: test/fixtures/rdap/registry-conformance-cases.ts (written from the recorded replies).

describe.skipIf(!haveFixtures())('RDAP with the recorded replies of the five registries', () => {
  let server: FakeRdapServer;

  beforeAll(async () => {
    server = await startFakeRdapServer({ root: path.join(fixturesDir(), 'rdap') });
  });

  afterAll(async () => {
    await server.close();
  });

  for (const testCase of CASES) {
    it(`${testCase.registry}: ${testCase.title}`, async () => {
      const harness = await openRdapHarness({ root: path.join(fixturesDir(), 'rdap'), server });
      try {
        const before = server.objectRequests().length;
        const progress = await harness.run([testCase.seed]);
        expect(progress.failures).toEqual([]);
        expect(
          server
            .objectRequests()
            .slice(before)
            .map((request) => request.path),
        ).toEqual(testCase.requests);
        const record = harness.kase.graph.findEntity(testCase.record);
        const { raw, ...fields } = (record?.asset ?? {}) as { raw?: string } & Record<string, unknown>;
        expect(fields).toEqual(testCase.fields);
        expect(raw).toBeDefined();
        expect(harness.entityIds()).toEqual(testCase.entities);
        expect(harness.edgeKeys()).toEqual(testCase.edges);
      } finally {
        await harness.close();
      }
    });
  }

  it('records not_found when the responsible registry answers 404 with an RDAP error body', async () => {
    const harness = await openRdapHarness({ root: path.join(fixturesDir(), 'rdap'), server });
    try {
      const progress = await harness.run([as(100)]);
      expect(progress.failures).toMatchObject([{ handler: 'rdap/autsys', code: 'not_found' }]);
    } finally {
      await harness.close();
    }
  });
});
