/**
 * Noticing case files that appear in or go from the cases folder (a CLI run, a copy made in a
 * file manager, a colleague's case dropped in), so the case list refreshes without a reload.
 * The folder is watched (inotify, FSEvents, ReadDirectoryChangesW through `fs.watch`); where
 * watching is not possible (some network file systems) its case file names are polled instead.
 * Only `*.sqlite` names count: a case's `-wal`/`-shm` come and go with every open and write.
 */
import type { FSWatcher } from 'node:fs';
import { watch } from 'node:fs';
import { readdir } from 'node:fs/promises';
import type { Logger } from '../../engine/index';

export interface FolderWatchOptions {
  /** Events closer together than this are told once (a copy is written, then renamed into place). */
  debounceMs?: number;
  /** How often the folder is read when it cannot be watched. */
  pollMs?: number;
  logger: Logger;
}

/** Calls `onChange` (debounced) when a file ending in `suffix` appears or goes; returns the stop function. */
export function watchCaseFolder(
  folder: string,
  suffix: string,
  onChange: () => void,
  options: FolderWatchOptions,
): () => void {
  const debounceMs = options.debounceMs ?? 150;
  let timer: NodeJS.Timeout | undefined;
  let poller: NodeJS.Timeout | undefined;
  let watcher: FSWatcher | undefined;
  let stopped = false;

  const schedule = (): void => {
    if (stopped || timer !== undefined) {
      return;
    }
    timer = setTimeout(() => {
      timer = undefined;
      if (!stopped) {
        onChange();
      }
    }, debounceMs);
  };

  const startPolling = (): void => {
    let last: string | undefined;
    const poll = async (): Promise<void> => {
      const names = (await readdir(folder).catch(() => [] as string[]))
        .filter((name) => name.endsWith(suffix))
        .sort()
        .join('\n');
      if (last !== undefined && names !== last) {
        schedule();
      }
      last = names;
    };
    void poll();
    poller = setInterval(() => void poll(), options.pollMs ?? 2_000);
    poller.unref();
  };

  try {
    // 'rename' is what fs.watch reports for a name that appears or goes; 'change' is a write.
    watcher = watch(folder, { persistent: false }, (event, name) => {
      if (event === 'rename' && (name === null || String(name).endsWith(suffix))) {
        schedule();
      }
    });
    watcher.on('error', (error) => {
      options.logger.warn('cannot watch the cases folder; polling it instead', { error: String(error) });
      watcher?.close();
      watcher = undefined;
      if (!stopped) {
        startPolling();
      }
    });
  } catch (error) {
    options.logger.warn('cannot watch the cases folder; polling it instead', { error: String(error) });
    startPolling();
  }

  return () => {
    stopped = true;
    watcher?.close();
    clearInterval(poller);
    clearTimeout(timer);
  };
}
