/** Reads and writes the configuration file behind the settings screen, keeping keys the form does not edit. */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { EditableSettings } from '../../shared/ipc/contract';
import { maskUrlPassword, restoreUrlPassword } from '../../shared/util/url-password';
import type { AppConfig } from '../../engine/index';
import { resolveConfig, withoutByteOrderMark } from '../../engine/index';
import { isPlainObject } from '../../shared/util/object';

type JsonObject = Record<string, unknown>;

/** The file's JSON object, or an empty one when the file does not exist. */
export async function readSettingsFile(file: string): Promise<JsonObject> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return {};
    }
    throw error;
  }
  const parsed: unknown = JSON.parse(withoutByteOrderMark(text));
  if (!isPlainObject(parsed)) {
    throw new Error(`${file} does not hold a JSON object`);
  }
  return parsed;
}

export function editableFromConfig(config: AppConfig): EditableSettings {
  return {
    // A password in an endpoint URL never reaches the renderer (see url-password.ts).
    endpoints: {
      gleif: maskUrlPassword(config.sources.gleif.baseUrl),
      companydata: maskUrlPassword(config.sources.companydata.baseUrl),
      rdapBootstrap: maskUrlPassword(config.sources.rdap.bootstrapUrl),
      whoisIana: config.sources.whois.ianaServer,
    },
    ttlDefault: config.ttl.default,
    depth: config.depth,
    pivots: config.pivots.enabled,
    foldAbove: config.ui.foldLeavesAbove,
  };
}

function child(parent: JsonObject, key: string): JsonObject {
  const existing = parent[key];
  if (isPlainObject(existing)) {
    return existing;
  }
  const created: JsonObject = {};
  parent[key] = created;
  return created;
}

/** The file object with the form's values written into it (other keys untouched). */
export function mergeEditable(file: JsonObject, values: EditableSettings): JsonObject {
  const next = structuredClone(file);
  const sources = child(next, 'sources');
  const keep = (submitted: string, stored: unknown): string =>
    restoreUrlPassword(submitted.trim(), typeof stored === 'string' ? stored : undefined);
  const gleif = child(sources, 'gleif');
  gleif.baseUrl = keep(values.endpoints.gleif, gleif.baseUrl);
  const companydata = child(sources, 'companydata');
  companydata.baseUrl = keep(values.endpoints.companydata, companydata.baseUrl);
  const rdap = child(sources, 'rdap');
  rdap.bootstrapUrl = keep(values.endpoints.rdapBootstrap, rdap.bootstrapUrl);
  child(sources, 'whois').ianaServer = values.endpoints.whoisIana.trim();
  child(next, 'ttl').default = values.ttlDefault.trim();
  next.depth = values.depth;
  child(next, 'pivots').enabled = values.pivots;
  child(next, 'ui').foldLeavesAbove = values.foldAbove;
  return next;
}

/** Writes through a temporary file and a rename, so a crash never leaves half a file. */
export async function writeSettingsFile(file: string, content: JsonObject): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, file);
}

/** Validates a file object (throws the engine's ConfigError) and returns the effective config. */
export function configFromFile(file: JsonObject): AppConfig {
  return resolveConfig(file);
}
