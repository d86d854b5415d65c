/**
 * The settings behind the app: the effective configuration, and a changed one waiting until no
 * session runs (the engine is rebuilt on it then; a running session keeps its configuration).
 */
import type { EditableSettings, SettingsView } from '../../shared/ipc/contract';
import type { AppConfig } from '../../engine/index';
import { ServiceError } from './service-error';
import {
  configFromFile,
  editableFromConfig,
  mergeEditable,
  readSettingsFile,
  writeSettingsFile,
} from './settings-file';

export interface SettingsService {
  readonly config: AppConfig;
  view(): SettingsView;
  /** Validates and saves the form's values; the new configuration waits in `pending`. */
  save(values: EditableSettings): Promise<SettingsView>;
  /** Takes the configuration saved since the last call, if any. */
  takePending(): AppConfig | undefined;
}

export async function createSettingsService(settingsPath: string): Promise<SettingsService> {
  let config = configFromFile(await readSettingsFile(settingsPath));
  let pending: AppConfig | undefined;
  return {
    get config() {
      return config;
    },
    view: () => ({ path: settingsPath, values: editableFromConfig(config) }),
    async save(values) {
      const file = mergeEditable(await readSettingsFile(settingsPath), values);
      let next: AppConfig;
      try {
        next = configFromFile(file);
      } catch (error) {
        throw new ServiceError('invalid_settings', error instanceof Error ? error.message : String(error));
      }
      await writeSettingsFile(settingsPath, file);
      pending = next;
      // Shown at once; the engine uses it as soon as no session runs.
      return { path: settingsPath, values: editableFromConfig(next) };
    },
    takePending() {
      const next = pending;
      if (next !== undefined) {
        pending = undefined;
        config = next;
      }
      return next;
    },
  };
}
