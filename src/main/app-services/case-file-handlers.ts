/**
 * "Open case file..." and "Save a copy as..." (issue 23, item 5). The desktop app asks through its
 * native dialogs (`CaseFileDialogs`); the web host has none, so its page sends the path the user
 * typed or pasted (docs/ui.md, "Case files").
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InvokeMap, OpenedCase } from '../../shared/ipc/contract';
import { fileSlug } from '../../shared/util/file-name';
import type { CaseFiles } from './case-files';
import { CASE_FILE_SUFFIX } from './case-file-index';
import type { AnyCase, AppEventListener, CaseSource } from './case-resolvers';
import { ServiceError } from './service-error';

/** The host's own file dialogs; each answers undefined when the user cancelled. */
export interface CaseFileDialogs {
  /** Asks for a case file to open, starting in `startIn`. */
  chooseCaseFile(startIn: string): Promise<string | undefined>;
  /** Asks where to save a copy (name and folder), suggesting `suggested`. */
  chooseCopyTarget(suggested: string): Promise<string | undefined>;
}

export interface CaseFileHandlerDeps {
  cases: CaseFiles;
  caseOf(caseId: string): Promise<AnyCase>;
  sourceOf(caseId: string): CaseSource;
  openedCase(handle: AnyCase): Promise<OpenedCase>;
  emit: AppEventListener;
  dialogs?: CaseFileDialogs | undefined;
}

type Handler<C extends keyof InvokeMap> = (request: InvokeMap[C]['req']) => Promise<InvokeMap[C]['res']>;

export function createCaseFileHandlers(deps: CaseFileHandlerDeps): {
  'cases:open-file': Handler<'cases:open-file'>;
  'cases:save-copy-as': Handler<'cases:save-copy-as'>;
} {
  const noDialog = (what: string): ServiceError =>
    new ServiceError('invalid_request', `This window cannot show a file dialog: ${what}.`);

  return {
    'cases:open-file': async ({ path: typed }) => {
      let file = typed;
      if (file === undefined) {
        if (deps.dialogs === undefined) {
          throw noDialog('enter the path of the case file');
        }
        file = await deps.dialogs.chooseCaseFile(deps.cases.folder);
        if (file === undefined) {
          return null;
        }
      }
      const handle = await deps.cases.openFile(absolutePath(file));
      deps.emit('cases:changed', {});
      return deps.openedCase(handle);
    },
    'cases:save-copy-as': async ({ caseId, name, folder }) => {
      const handle = await deps.caseOf(caseId);
      let target: string;
      let copyName: string;
      if (name === undefined) {
        if (deps.dialogs === undefined) {
          throw noDialog('give the copy a name');
        }
        const suggested = deps.sourceOf(caseId).copyName(handle);
        const chosen = await deps.dialogs.chooseCopyTarget(
          path.join(deps.cases.folder, `${fileSlug(suggested)}${CASE_FILE_SUFFIX}`),
        );
        if (chosen === undefined) {
          return null;
        }
        target = chosen.endsWith(CASE_FILE_SUFFIX) ? chosen : `${chosen}${CASE_FILE_SUFFIX}`;
        // The name typed in the save dialog is the copy's name as well as its file's.
        copyName = path.basename(target, CASE_FILE_SUFFIX);
      } else {
        const place = folder === undefined || folder === '' ? deps.cases.folder : absolutePath(folder);
        // The app's one file-naming rule (shared/util/file-name.ts), as for exports.
        target = path.join(place, `${fileSlug(name)}${CASE_FILE_SUFFIX}`);
        copyName = name;
      }
      const summary = await deps.cases.saveCopyAs(handle.open, copyName, absolutePath(target));
      deps.emit('cases:changed', {});
      return summary;
    },
  };
}

/**
 * A path as people paste it: quoted by a file manager, `~/...`, or a `file://` address from a
 * browser; it must end up absolute (a relative path would be relative to wherever the host started).
 */
export function absolutePath(typed: string): string {
  let text = typed.trim();
  const quoted = /^(["'])(.*)\1$/.exec(text);
  if (quoted?.[2] !== undefined) {
    text = quoted[2];
  }
  if (text.startsWith('file://')) {
    try {
      text = fileURLToPath(text);
    } catch {
      throw new ServiceError('invalid_request', `${typed} is not a file address.`);
    }
  }
  if (text === '~' || text.startsWith('~/')) {
    text = path.join(os.homedir(), text.slice(1));
  }
  if (!path.isAbsolute(text)) {
    throw new ServiceError(
      'invalid_request',
      `Give the full path (from ${path.parse(process.cwd()).root}): ${typed}`,
    );
  }
  return path.normalize(text);
}
