/** Reads the configuration file from disk into an AppConfig, with one-line errors. */
import { readFile } from 'node:fs/promises';
import { ConfigError, resolveConfig, type AppConfig } from './config';

/**
 * Reads, parses and validates a JSON configuration file. Every failure is a ConfigError whose
 * message names the file and says what is wrong in one line.
 */
export async function loadConfigFile(path: string): Promise<AppConfig> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ConfigError(`cannot read config file ${path}: ${reasonOf(error)}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(withoutByteOrderMark(text)) as unknown;
  } catch (error) {
    throw new ConfigError(`config file ${path} is not valid JSON: ${reasonOf(error)}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ConfigError(`config file ${path} must hold a JSON object`);
  }
  try {
    return resolveConfig(parsed);
  } catch (error) {
    throw new ConfigError(`config file ${path}: ${reasonOf(error)}`);
  }
}

function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOENT') {
    return 'no such file';
  }
  if (code === 'EACCES' || code === 'EPERM') {
    return 'permission denied';
  }
  if (code === 'EISDIR') {
    return 'it is a directory';
  }
  const message = error instanceof Error ? error.message : String(error);
  return message.split(/\r?\n/, 1)[0] ?? message;
}

/** Editors on Windows save UTF-8 with a byte order mark, which JSON.parse refuses. */
export function withoutByteOrderMark(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
