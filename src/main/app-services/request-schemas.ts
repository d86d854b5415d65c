/** The zod schema of every invoke request; both hosts validate through these before any handler runs. */
import { z } from 'zod';
import type { InvokeChannel, InvokeMap } from '../../shared/ipc/contract';
import { TEAM_SSL_MODES } from '../../shared/ipc/contract';
import { FLAG_NAMES, MAX_NOTE_LENGTH } from '../../shared/model/annotation';
import { MAX_SEEDS_PER_RUN } from '../../shared/model/seed-list';

const empty = z.strictObject({});
/** Case ids name files: a strict alphabet keeps them inside the cases directory. */
const caseId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'not a case id');
const sessionId = z.string().min(1).max(200);
const entityId = z.string().min(3).max(4_000);
const caseName = z
  .string()
  .trim()
  .min(1, 'a case needs a name')
  .max(200, 'a case name has at most 200 characters');
/** Where a team case lives; the address rules themselves (case name, host form) are the CLI's. */
const teamConnection = z.strictObject({
  host: z.string().trim().min(1, 'enter the server host').max(255),
  port: z.int('the port is a number').min(1, 'port must be 1-65535').max(65_535, 'port must be 1-65535'),
  database: z.string().trim().min(1, 'enter the database').max(200),
  user: z.string().trim().min(1, 'enter the user').max(200),
  sslMode: z.enum(TEAM_SSL_MODES),
  caseName,
});
/** A path the user typed or picked (made absolute and checked by the handler). */
const filePath = z.string().trim().min(1, 'enter the path of a file').max(4_096);
const depth = z.int().min(0).max(10);
const source = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'not a source name');
/** Edge ids are `<fromId>|<relation>|<toId>`: two entity ids long at most. */
const edgeId = z.string().min(3).max(8_100);
const finite = z.number().refine(Number.isFinite, 'not a finite number');
const position = z.strictObject({ x: finite, y: finite });
/**
 * Positions are kept entry by entry: one entry that does not fit (an id past the bound, a position
 * that is not a number) is left out, never the whole case's layout (issue 24: one long id lost
 * the positions of every node).
 */
const positionsPerEntry = z.record(z.string(), z.unknown()).transform((entries) => {
  const kept: Record<string, z.infer<typeof position>> = {};
  for (const [id, value] of Object.entries(entries)) {
    const parsed = position.safeParse(value);
    if (entityId.safeParse(id).success && parsed.success) {
      kept[id] = parsed.data;
    }
  }
  return kept;
});

export const REQUEST_SCHEMAS = {
  'cases:list': empty,
  'cases:create': z.strictObject({ name: caseName }),
  'cases:open': z.strictObject({ caseId }),
  'cases:rename': z.strictObject({ caseId, name: caseName }),
  'cases:delete': z.strictObject({ caseId }),
  'cases:copy': z.strictObject({ caseId }),
  'cases:open-file': z.strictObject({ path: filePath.exactOptional() }),
  'cases:save-copy-as': z.strictObject({
    caseId,
    name: caseName.exactOptional(),
    folder: z.string().trim().max(4_096).exactOptional(),
  }),
  'session:start': z.strictObject({
    caseId,
    seeds: z
      .array(z.strictObject({ type: z.string().max(64), value: z.string().max(4_000) }))
      .min(1, 'enter at least one seed')
      .max(MAX_SEEDS_PER_RUN, `at most ${MAX_SEEDS_PER_RUN} seeds in one run`),
    depth: depth.exactOptional(),
  }),
  'session:pause': z.strictObject({ sessionId }),
  'session:resume': z.strictObject({ sessionId }),
  'session:cancel': z.strictObject({ sessionId }),
  'graph:expand-node': z.strictObject({
    caseId,
    entityId,
    refresh: z.boolean().exactOptional(),
    depth: depth.exactOptional(),
  }),
  'graph:get-snapshot': z.strictObject({ caseId }),
  'graph:save-positions': z.strictObject({
    caseId,
    positions: positionsPerEntry,
  }),
  'graph:merge-entities': z.strictObject({
    caseId,
    from: entityId,
    into: entityId,
    force: z.boolean().exactOptional(),
  }),
  'history:list-sessions': z.strictObject({ caseId }),
  'history:undo-session': z.strictObject({ caseId, sessionId }),
  'entity:handlers': z.strictObject({ caseId, entityId }),
  'entity:run-handler': z.strictObject({
    caseId,
    entityId,
    handler: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}\/[a-z0-9][a-z0-9-]{0,63}$/, 'not a handler name'),
    refresh: z.boolean().exactOptional(),
  }),
  'entity:raw': z.strictObject({ caseId, entityId }),
  'credentials:get-status': empty,
  'credentials:set': z.strictObject({
    source,
    secret: z.string().trim().min(1, 'the key is empty').max(4_096),
    scope: z.enum(['keychain', 'this-run']).exactOptional(),
  }),
  'credentials:delete': z.strictObject({ source }),
  'settings:get': empty,
  'settings:set': z.strictObject({
    values: z.strictObject({
      endpoints: z.strictObject({
        gleif: z.string().max(2_000),
        companydata: z.string().max(2_000),
        rdapBootstrap: z.string().max(2_000),
        whoisIana: z.string().max(300),
      }),
      ttlDefault: z.string().max(20),
      depth,
      pivots: z.boolean(),
      foldAbove: z.int().min(1).max(1_000),
    }),
  }),
  'export:graph': z.strictObject({ caseId, format: z.enum(['json', 'graphml', 'gexf', 'csv']) }),
  'export:report': z.strictObject({
    caseId,
    entityIds: z.array(entityId).max(100_000).exactOptional(),
    since: z.string().min(1).max(200).exactOptional(),
  }),
  'case:refresh': z.strictObject({
    caseId,
    entityIds: z.array(entityId).max(100_000).exactOptional(),
    force: z.boolean().exactOptional(),
  }),
  'changes:list': z.strictObject({ caseId, since: z.string().min(1).max(200).exactOptional() }),
  'review:list': z.strictObject({ caseId, entityId: entityId.exactOptional() }),
  'review:accept': z.strictObject({ caseId, edgeId, depth: depth.exactOptional() }),
  'review:reject': z.strictObject({ caseId, edgeId }),
  'annotation:set': z.strictObject({
    caseId,
    target: edgeId,
    note: z
      .string()
      .max(MAX_NOTE_LENGTH + 100)
      .exactOptional(),
    flag: z.enum(FLAG_NAMES).exactOptional(),
  }),
  'review:none': z.strictObject({ caseId, organizationId: entityId }),
  'team-cases:open': z.strictObject({
    connection: teamConnection,
    password: z.string().max(1_000).exactOptional(),
    remember: z.enum(['keychain', 'this-run']).exactOptional(),
  }),
  'team-cases:recent': empty,
  'team-cases:forget': z.strictObject({ caseId }),
} satisfies { [C in InvokeChannel]: z.ZodType<InvokeMap[C]['req']> };

/** The first issue of a failed parse as one line: `field: message`. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) {
    return 'invalid request';
  }
  const where = issue.path.map(String).join('.');
  return where === '' ? issue.message : `${where}: ${issue.message}`;
}
