import { createHash } from 'node:crypto';
import { copyFileSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CaseSummary, EventChannel, OpenedCase } from '../../shared/ipc/contract';
import type { Engine, OpenCase } from '../../engine/index';
import {
  createEngine,
  createMemoryCredentialStore,
  DEFAULT_CONFIG,
  openCaseGraph,
  silentLogger,
} from '../../engine/index';
import { createAppCredentials } from './app-credentials';
import type { AppServices } from './app-services';
import { createAppServices } from './app-services';
import type { CaseFileDialogs } from './case-file-handlers';

const WHOIS = { source: { name: 'WHOIS', confidence: 80 } };

let dir: string;
let casesDir: string;
let services: AppServices | undefined;
let elsewhere: Engine | undefined;

/** Another writer of the same files (as a CLI run would be), kept open until the test ends. */
function writer(): Engine {
  elsewhere ??= createEngine({
    config: DEFAULT_CONFIG,
    dataDir: dir,
    credentials: createMemoryCredentialStore(),
    plugins: [],
    logger: silentLogger,
  });
  return elsewhere;
}

async function start(caseFileDialogs?: CaseFileDialogs): Promise<AppServices> {
  const credentials = createAppCredentials({
    openKeychain: () => createMemoryCredentialStore(),
    environment: {},
    sources: [],
  });
  services = await createAppServices({
    casesDir,
    settingsPath: path.join(dir, 'settings.json'),
    createEngine: (config) =>
      createEngine({
        config,
        dataDir: dir,
        credentials: credentials.store,
        plugins: [],
        logger: silentLogger,
      }),
    credentials,
    logger: silentLogger,
    ...(caseFileDialogs === undefined ? {} : { caseFileDialogs }),
  });
  return services;
}

async function call<T>(channel: string, request: unknown): Promise<T> {
  const result = (await services!.invoke(channel, request)) as
    { ok: true; value: T } | { ok: false; error: { code: string; message: string } };
  if (!result.ok) {
    throw new Error(`${result.error.code}: ${result.error.message}`);
  }
  return result.value;
}

async function failure(channel: string, request: unknown): Promise<{ code: string; message: string }> {
  const result = (await services!.invoke(channel, request)) as {
    ok: boolean;
    error?: { code: string; message: string };
  };
  expect(result.ok).toBe(false);
  return result.error!;
}

/** Every file of a folder: its bytes (hashed), size and modification time, and the folder's own time. */
function folderState(folder: string, skip: (name: string) => boolean = () => false) {
  const files = readdirSync(folder)
    .sort()
    .map((name) => {
      const file = path.join(folder, name);
      const info = statSync(file);
      return skip(name)
        ? { name }
        : {
            name,
            size: info.size,
            mtimeMs: info.mtimeMs,
            mode: info.mode,
            sha256: createHash('sha256').update(readFileSync(file)).digest('hex'),
          };
    });
  return { files, folderMtimeMs: statSync(folder).mtimeMs };
}

/** Commits entities to a case file through another connection (they stay in its -wal). */
async function addEntities(file: string, names: string[]): Promise<OpenCase> {
  const open = writer().openCase(file);
  await open.graph.apply(
    { entities: names.map((name) => ({ type: 'FQDN', asset: { name } })), edges: [], dispatch: [] },
    WHOIS,
  );
  return open;
}

const fileOfCase = (caseId: string): string => path.join(casesDir, `${caseId}.sqlite`);

function writeForeignDatabase(file: string): void {
  const db = new Database(file);
  db.exec('CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL); INSERT INTO invoices VALUES (1, 9.5)');
  db.close();
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'case-files-'));
  casesDir = path.join(dir, 'cases');
  await start();
});

afterEach(async () => {
  await services?.close();
  services = undefined;
  await elsewhere?.close();
  elsewhere = undefined;
  await rm(dir, { recursive: true, force: true });
});

describe('listing the cases folder', () => {
  it('changes no file in the folder: the same names, bytes, modes and modification times', async () => {
    const acme = await call<CaseSummary>('cases:create', { name: 'Acme' });
    await call('cases:create', { name: 'Globex' });
    await addEntities(fileOfCase(acme.id), ['acme.example']);
    await elsewhere!.close();
    elsewhere = undefined;
    await services!.close();
    writeFileSync(path.join(casesDir, 'empty.sqlite'), '');
    writeFileSync(path.join(casesDir, 'notes.sqlite'), 'not a database\n');
    writeForeignDatabase(path.join(casesDir, 'invoices.sqlite'));
    // A case another process (a CLI run) has open: its -wal and -shm are there.
    const busy = await addEntities(path.join(casesDir, 'busy-case.sqlite'), ['busy.example']);
    busy.graph.setMeta('name', 'Open in a CLI run');
    await start();
    // The shared-memory index belongs to the process that has the case open, which writes it.
    const before = folderState(casesDir, (name) => name.endsWith('-shm'));

    const listed = await call<CaseSummary[]>('cases:list', {});
    await call<CaseSummary[]>('cases:list', {});

    expect(folderState(casesDir, (name) => name.endsWith('-shm'))).toEqual(before);
    expect(listed.map((item) => item.name).sort()).toEqual(
      ['Acme', 'Globex', 'Open in a CLI run', 'empty.sqlite', 'invoices.sqlite', 'notes.sqlite'].sort(),
    );
  });

  it('lists an empty file named like a case as unreadable with the reason, leaves it empty and refuses to open it', async () => {
    await mkdir(casesDir, { recursive: true });
    writeFileSync(path.join(casesDir, 'empty.sqlite'), '');

    const [listed] = await call<CaseSummary[]>('cases:list', {});
    const refusal = await failure('cases:open', { caseId: listed!.id });

    expect(listed).toMatchObject({ name: 'empty.sqlite', sizeBytes: 0 });
    expect(listed!.unreadable).toMatch(/empty file \(0 bytes\), not a case file/);
    expect(refusal).toMatchObject({ code: 'invalid_request' });
    expect(refusal.message).toMatch(/cannot be opened as a case: an empty file/);
    expect(statSync(path.join(casesDir, 'empty.sqlite')).size).toBe(0);
    expect(readdirSync(casesDir)).toEqual(['empty.sqlite']);
  });

  it("lists another application's SQLite database and a text file named like a case as unreadable, each with its reason", async () => {
    writeForeignDatabase(path.join(casesDir, 'invoices.sqlite'));
    writeFileSync(path.join(casesDir, 'readme.sqlite'), 'hello\n');

    const listed = await call<CaseSummary[]>('cases:list', {});

    const reasons = Object.fromEntries(listed.map((item) => [item.name, item.unreadable]));
    expect(reasons).toEqual({
      'invoices.sqlite': 'an SQLite database of another application, not a case file',
      'readme.sqlite': 'not an SQLite database',
    });
  });

  it('tells its listeners when a case file appears in the folder and when it goes', async () => {
    const told: EventChannel[] = [];
    services!.subscribe((event) => told.push(event));
    const outsideCase = path.join(dir, 'from-a-colleague.sqlite');
    const colleague = writer().openCase(outsideCase);
    colleague.graph.setMeta('name', "A colleague's case");
    await colleague.close();

    copyFileSync(outsideCase, path.join(casesDir, 'from-a-colleague.sqlite'));
    await expect.poll(() => told.filter((event) => event === 'cases:changed').length).toBe(1);
    await rm(path.join(casesDir, 'from-a-colleague.sqlite'));
    await expect.poll(() => told.filter((event) => event === 'cases:changed').length).toBe(2);
  });
});

describe('Open case file...', () => {
  it('opens a case file outside the cases folder where it is: writes land in that file and the list shows its path', async () => {
    const file = path.join(dir, 'elsewhere', 'supplier review.sqlite');
    await mkdir(path.dirname(file));
    const made = await addEntities(file, ['supplier.example']);
    made.graph.setMeta('name', 'Supplier review');
    await made.close();

    const opened = await call<OpenedCase>('cases:open-file', { path: file });
    await call('cases:rename', { caseId: opened.summary.id, name: 'Supplier review, checked' });
    const listed = await call<CaseSummary[]>('cases:list', {});
    await services!.close();
    services = undefined;

    expect(opened.summary).toMatchObject({ name: 'Supplier review', file });
    expect(opened.snapshot.entities.map((entity) => entity.asset)).toEqual([{ name: 'supplier.example' }]);
    expect(listed).toEqual([expect.objectContaining({ id: opened.summary.id, file })]);
    expect(readdirSync(casesDir)).toEqual([]);
    const reread = openCaseGraph(file);
    try {
      expect(reread.getMeta('name')).toBe('Supplier review, checked');
    } finally {
      void reread.close();
    }
  });

  it('keeps listing a case file from elsewhere after the app restarts, until it is removed from the list', async () => {
    const file = path.join(dir, 'port audit.sqlite');
    const made = await addEntities(file, ['port.example']);
    made.graph.setMeta('name', 'Port audit');
    await made.close();
    const opened = await call<OpenedCase>('cases:open-file', { path: file });
    await services!.close();
    await start();

    const afterRestart = await call<CaseSummary[]>('cases:list', {});
    await call('cases:delete', { caseId: opened.summary.id });
    await services!.close();
    await start();

    expect(afterRestart).toEqual([expect.objectContaining({ name: 'Port audit', file })]);
    expect(await call<CaseSummary[]>('cases:list', {})).toEqual([]);
    expect(statSync(file).isFile()).toBe(true);
  });

  it('refuses a file that is not a case with the reason and leaves it byte for byte as it was', async () => {
    const file = path.join(dir, 'accounts', 'invoices.db');
    await mkdir(path.dirname(file));
    writeForeignDatabase(file);
    const before = folderState(path.dirname(file));

    const refusal = await failure('cases:open-file', { path: file });

    expect(refusal.message).toMatch(/cannot be opened as a case: an SQLite database of another application/);
    expect(folderState(path.dirname(file))).toEqual(before);
    expect(await call<CaseSummary[]>('cases:list', {})).toEqual([]);
  });

  it('asks for a path where the host has no file dialog (the web host)', async () => {
    const refusal = await failure('cases:open-file', {});

    expect(refusal).toEqual({
      code: 'invalid_request',
      message: 'This window cannot show a file dialog: enter the path of the case file.',
    });
  });
});

describe('Save a copy as...', () => {
  it('writes everything committed so far to a copy with the given name in the given folder, which opens as its own case', async () => {
    const source = await call<CaseSummary>('cases:create', { name: 'Acme' });
    await call('cases:open', { caseId: source.id });
    // Committed by another writer and still in the case's write-ahead log, not in the file proper.
    const open = await addEntities(
      fileOfCase(source.id),
      Array.from({ length: 10 }, (_, index) => `h${index}.acme.example`),
    );
    const place = path.join(dir, 'shared drive');
    await mkdir(place);

    const copy = await call<CaseSummary>('cases:save-copy-as', {
      caseId: source.id,
      name: 'Acme for Legal',
      folder: place,
    });
    const reopened = await call<OpenedCase>('cases:open', { caseId: copy.id });
    const copyWriter = await addEntities(copy.file!, ['only-in-the-copy.example']);

    expect(copy).toMatchObject({ name: 'Acme for Legal', file: path.join(place, 'acme-for-legal.sqlite') });
    expect(statSync(path.join(place, 'acme-for-legal.sqlite')).mode & 0o777).toBe(0o600);
    expect(reopened.snapshot.entities).toHaveLength(10);
    expect(open.graph.stats().entities).toBe(10);
    expect(copyWriter.graph.stats().entities).toBe(11);
    expect((await call<OpenedCase>('cases:open', { caseId: source.id })).snapshot.entities).toHaveLength(10);
  });

  it('puts the copy in the cases folder when no folder is given', async () => {
    const source = await call<CaseSummary>('cases:create', { name: 'Acme' });

    const copy = await call<CaseSummary>('cases:save-copy-as', {
      caseId: source.id,
      name: 'Acme, before the merge',
    });

    expect(copy.file).toBeUndefined();
    expect(readdirSync(casesDir)).toContain('acme-before-the-merge.sqlite');
    expect((await call<CaseSummary[]>('cases:list', {})).map((item) => item.name).sort()).toEqual([
      'Acme',
      'Acme, before the merge',
    ]);
  });

  it('refuses a name whose file is already in the folder and leaves that file as it was', async () => {
    const source = await call<CaseSummary>('cases:create', { name: 'Acme' });
    writeFileSync(path.join(casesDir, 'acme-copy.sqlite'), 'mine\n');

    const refusal = await failure('cases:save-copy-as', { caseId: source.id, name: 'Acme copy' });

    expect(refusal.code).toBe('conflict');
    expect(refusal.message).toMatch(/acme-copy\.sqlite is already in .*: choose another name/);
    expect(readFileSync(path.join(casesDir, 'acme-copy.sqlite'), 'utf8')).toBe('mine\n');
  });
});

describe("the desktop app's file dialogs", () => {
  /** Dialogs that answer as the user would, recording what they were asked with. */
  function dialogs(answers: { open?: string; save?: string }) {
    const asked: string[] = [];
    return {
      asked,
      dialogs: {
        chooseCaseFile: (startIn: string) => {
          asked.push(`open in ${startIn}`);
          return Promise.resolve(answers.open);
        },
        chooseCopyTarget: (suggested: string) => {
          asked.push(`save as ${suggested}`);
          return Promise.resolve(answers.save);
        },
      } satisfies CaseFileDialogs,
    };
  }

  it('Save a copy as... names the copy after the file chosen in the save dialog, which suggested one in the cases folder', async () => {
    await services!.close();
    const place = path.join(dir, 'exports');
    await mkdir(place);
    const { asked, dialogs: native } = dialogs({ save: path.join(place, 'Acme for Legal') });
    await start(native);
    const source = await call<CaseSummary>('cases:create', { name: 'Acme' });

    const copy = await call<CaseSummary>('cases:save-copy-as', { caseId: source.id });

    expect(asked).toEqual([`save as ${path.join(casesDir, 'acme-copy.sqlite')}`]);
    expect(copy).toMatchObject({ name: 'Acme for Legal', file: path.join(place, 'Acme for Legal.sqlite') });
  });

  it('Open case file... answers nothing and opens nothing when the dialog is cancelled', async () => {
    await services!.close();
    const { asked, dialogs: native } = dialogs({});
    await start(native);

    expect(await call<OpenedCase | null>('cases:open-file', {})).toBeNull();
    expect(asked).toHaveLength(1);
    expect(await call<CaseSummary[]>('cases:list', {})).toEqual([]);
  });
});
