/**
 * Opening a case only to read it (`report`, `diff`): a case file, or a team case through its
 * local replica. Failures are one line (UsageError, exit 2) before anything is read.
 */
import {
  builtinPlugins,
  isTeamCaseUrl,
  openCaseGraph,
  scrubSecrets,
  type Logger,
} from '../../../engine/index';
import { composeEngine } from '../../app-services/compose';
import type { ReportSource } from '../../report/report-data';
import { UsageError } from '../args';
import { checkCaseFile, messageOf } from '../input-checks';
import { openTeamCaseForCli } from '../team-case';
import type { RecordedChange } from '../../../shared/model/changes';

export interface ReadableCase {
  graph: ReportSource & { listChanges(): RecordedChange[] };
  location: string;
  close(): Promise<void>;
}

const quiet: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

export async function openCaseForReading(
  casePath: string,
  env: Record<string, string | undefined>,
): Promise<ReadableCase> {
  if (isTeamCaseUrl(casePath)) {
    const { credentials } = composeEngine({ environment: env, logger: quiet });
    const team = await openTeamCaseForCli(casePath, {
      env,
      credentials: credentials.store,
      logger: quiet,
      purpose: 'export',
    });
    return {
      graph: team.store,
      location: team.store.address,
      close: () => team.close(),
    };
  }
  await checkCaseFile(casePath, 'existing');
  try {
    const graph = openCaseGraph(casePath);
    return {
      graph,
      location: casePath,
      close: () => graph.close(),
    };
  } catch (error) {
    throw new UsageError(`cannot open case file ${casePath}: ${messageOf(error)}`);
  }
}

/**
 * The values a report must never show: every configured source key (environment or keychain) and
 * the team-case password. Read where the app reads them; a key that cannot be read is not known.
 */
export async function knownSecrets(env: Record<string, string | undefined>): Promise<string[]> {
  const { credentials } = composeEngine({ environment: env, logger: quiet });
  const names = [
    ...new Set(
      builtinPlugins().flatMap((plugin) => (plugin.credential === undefined ? [] : [plugin.credential])),
    ),
  ];
  const values = await Promise.all(names.map((name) => credentials.store.get(name).catch(() => undefined)));
  return [...values, env.PGPASSWORD].filter((value): value is string => value !== undefined && value !== '');
}

export { scrubSecrets };
