/** Command-line parsing for the headless CLI: `enrich`, `export` and `copy`, validated into plain options. */
import { parseArgs } from 'node:util';
import type { TypedAsset } from '../../shared/model/asset';
import { parseSeedArgument, type SeedType } from '../../shared/model/seed';
import { isSeedType } from '../../shared/model/seed-list';
import { ServiceError } from '../app-services/service-error';

/** A wrong invocation: reported as one line, exit code 2. */
export class UsageError extends ServiceError {
  override readonly name = 'UsageError';
  constructor(message: string) {
    super('invalid_request', message);
  }
}

export interface EnrichCommand {
  command: 'enrich';
  casePath: string;
  seeds: TypedAsset[];
  /** A seed list to read as well (`--seeds-file`); read and checked by the command, not here. */
  seedsFile?: SeedsFileOption;
  /** How seeds were made canonical (a URL reduced to its domain...), printed before the run. */
  notices: string[];
  configPath?: string;
  depth?: number;
  exportPath?: string;
  dataDir?: string;
  /** `refresh`: ask the sources again about what they answered (no seeds), forced or after the TTL. */
  refresh?: { force: boolean; only?: string[] };
}

export interface SeedsFileOption {
  path: string;
  /** `--seeds-type`: the type of lines that do not name one. */
  type?: SeedType;
  /** `--seeds-column`: read the file as CSV, values in this column. */
  column?: string;
}

export interface ExportCommand {
  command: 'export';
  casePath: string;
  outPath: string;
  dataDir?: string;
}

/** A complete copy of a case file, also while another process writes it. */
export interface CopyCommand {
  command: 'copy';
  casePath: string;
  outPath: string;
}

export interface HelpCommand {
  command: 'help';
}

export type CliCommand = EnrichCommand | ExportCommand | CopyCommand | HelpCommand;

export const USAGE = [
  'usage:',
  '  cli enrich --case <file.sqlite> --seed <AssetType>=<value> [--seed ...] [--config <file.json>]',
  '             [--seeds-file <file> [--seeds-type <AssetType>] [--seeds-column <name>]]',
  '             [--depth N] [--export <file.json>] [--data-dir <dir>]',
  '  cli export --case <file.sqlite> --out <file.json> [--data-dir <dir>]',
  '  cli refresh --case <file.sqlite> [--force] [--entity <id> ...] [--config <file.json>] [--data-dir <dir>]',
  '  cli diff --case <file.sqlite> [--since <session id>] [--json]',
  '  cli copy --case <file.sqlite> --out <copy.sqlite>',
  '  cli sessions --case <file.sqlite>',
  '  cli undo --case <file.sqlite> --session <id>',
  '  cli merge --case <file.sqlite> --from <entity id> --into <entity id> [--force]',
  '  cli review --case <file.sqlite> [--accept <edge id> | --reject <edge id> | --none <organization id>]',
  '  cli note --case <file.sqlite> --id <entity or edge id> --text <text>',
  '  cli flag --case <file.sqlite> --id <entity or edge id> --flag red|orange|yellow|green|blue|purple|star|none',
  '  cli report --case <file.sqlite> --out <report.html> [--since <session id>] [--entity <id> ...]',
  'seed types: Organization=<name>, Identifier=lei:<LEI>, AutonomousSystem=<number>, Netblock=<cidr>,',
  '            DomainRecord=<domain>',
  'a team case: --case postgresql://USER@HOST:PORT/DBNAME#CASENAME[?sslmode=...] (password: PGPASSWORD)',
].join('\n');

export function parseCommandLine(argv: readonly string[]): CliCommand {
  const [command, ...rest] = argv;
  switch (command) {
    case undefined:
      throw new UsageError('no command given; use "enrich" or "export" (or --help)');
    case '--help':
    case '-h':
    case 'help':
      return { command: 'help' };
    case 'enrich':
      return parseEnrich(rest);
    case 'refresh':
      return parseRefresh(rest);
    case 'export':
      return parseExport(rest);
    case 'copy':
      return parseCopy(rest);
    default:
      throw new UsageError(`unknown command "${command}"; use "enrich" or "export"`);
  }
}

function parseEnrich(argv: string[]): EnrichCommand {
  const { values } = parse(argv, {
    case: { type: 'string' },
    seed: { type: 'string', multiple: true },
    'seeds-file': { type: 'string' },
    'seeds-type': { type: 'string' },
    'seeds-column': { type: 'string' },
    config: { type: 'string' },
    depth: { type: 'string' },
    export: { type: 'string' },
    'data-dir': { type: 'string' },
  });
  const casePath = required(values.case, '--case');
  const seedTexts = values.seed ?? [];
  const seedsFile = seedsFileOption(values['seeds-file'], values['seeds-type'], values['seeds-column']);
  if (seedTexts.length === 0 && seedsFile === undefined) {
    throw new UsageError('enrich needs at least one --seed <AssetType>=<value> or a --seeds-file <file>');
  }
  const notices: string[] = [];
  const seeds = seedTexts.map((text) => {
    const result = parseSeedArgument(text);
    if (!result.ok) {
      throw new UsageError(result.error);
    }
    if (result.notice !== undefined) {
      notices.push(result.notice);
    }
    return result.seed;
  });
  const command: EnrichCommand = { command: 'enrich', casePath, seeds, notices };
  if (seedsFile !== undefined) {
    command.seedsFile = seedsFile;
  }
  if (values.depth !== undefined) {
    if (!/^\d{1,2}$/.test(values.depth) || Number(values.depth) > 10) {
      throw new UsageError(`--depth must be a whole number from 0 to 10, got "${values.depth}"`);
    }
    command.depth = Number(values.depth);
  }
  if (values.config !== undefined) {
    command.configPath = nonEmpty(values.config, '--config');
  }
  if (values.export !== undefined) {
    command.exportPath = nonEmpty(values.export, '--export');
  }
  if (values['data-dir'] !== undefined) {
    command.dataDir = nonEmpty(values['data-dir'], '--data-dir');
  }
  return command;
}

function seedsFileOption(
  path: string | undefined,
  type: string | undefined,
  column: string | undefined,
): SeedsFileOption | undefined {
  if (path === undefined) {
    if (type !== undefined || column !== undefined) {
      throw new UsageError('--seeds-type and --seeds-column go with --seeds-file');
    }
    return undefined;
  }
  const option: SeedsFileOption = { path: nonEmpty(path, '--seeds-file') };
  if (type !== undefined) {
    if (!isSeedType(type)) {
      throw new UsageError(`--seeds-type must be a seed type (see --help), got "${type}"`);
    }
    option.type = type;
  }
  if (column !== undefined) {
    option.column = nonEmpty(column, '--seeds-column');
  }
  return option;
}

function parseRefresh(argv: string[]): EnrichCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        case: { type: 'string' },
        force: { type: 'boolean' },
        entity: { type: 'string', multiple: true },
        config: { type: 'string' },
        'data-dir': { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(message.split(/\r?\n/, 1)[0] ?? message);
  }
  const { values } = parsed;
  const refresh: NonNullable<EnrichCommand['refresh']> = { force: values.force === true };
  if (values.entity !== undefined) {
    refresh.only = values.entity.map((id) => nonEmpty(id, '--entity'));
  }
  const command: EnrichCommand = {
    command: 'enrich',
    casePath: required(values.case, '--case'),
    seeds: [],
    notices: [],
    refresh,
  };
  if (values.config !== undefined) {
    command.configPath = nonEmpty(values.config, '--config');
  }
  if (values['data-dir'] !== undefined) {
    command.dataDir = nonEmpty(values['data-dir'], '--data-dir');
  }
  return command;
}

function parseExport(argv: string[]): ExportCommand {
  const { values } = parse(argv, {
    case: { type: 'string' },
    out: { type: 'string' },
    'data-dir': { type: 'string' },
  });
  const command: ExportCommand = {
    command: 'export',
    casePath: required(values.case, '--case'),
    outPath: required(values.out, '--out'),
  };
  if (values['data-dir'] !== undefined) {
    command.dataDir = nonEmpty(values['data-dir'], '--data-dir');
  }
  return command;
}

function parseCopy(argv: string[]): CopyCommand {
  const { values } = parse(argv, { case: { type: 'string' }, out: { type: 'string' } });
  return {
    command: 'copy',
    casePath: required(values.case, '--case'),
    outPath: required(values.out, '--out'),
  };
}

type OptionSpec = Record<string, { type: 'string'; multiple?: boolean }>;

function parse<T extends OptionSpec>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(message.split(/\r?\n/, 1)[0] ?? message);
  }
}

function required(value: string | undefined, flag: string): string {
  if (value === undefined) {
    throw new UsageError(`${flag} is required`);
  }
  return nonEmpty(value, flag);
}

function nonEmpty(value: string, flag: string): string {
  if (value.trim() === '') {
    throw new UsageError(`${flag} needs a value`);
  }
  return value;
}
