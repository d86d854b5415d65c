import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { Findings } from '../findings';
import { CaseFileGoneError, CaseInUseError, copyCaseFile, deleteCaseFile } from './files';
import { NotACaseFileError } from './identify';
import { APPLICATION_ID, CaseFileVersionError, SCHEMA_STEPS, SCHEMA_VERSION, migrate } from './migrations';
import { openSqliteCaseGraph } from './store';

const OPENER = resolve(import.meta.dirname, '../../../../test/fixtures/graph/case-opener.ts');
const WHOIS = { source: { name: 'WHOIS', confidence: 80 } };

const tempDirs: string[] = [];
const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of children.splice(0)) {
    child.kill('SIGKILL');
  }
  for (const dir of tempDirs.splice(0)) {
    rmSync(dir, { recursive: true, force: true });
  }
});

function casePath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'case-file-'));
  tempDirs.push(dir);
  return join(dir, 'case.sqlite');
}

function fqdns(...names: string[]): Findings {
  return { entities: names.map((name) => ({ type: 'FQDN', asset: { name } })), edges: [], dispatch: [] };
}

/** The bytes of the file and of its WAL companions, to prove nothing was written. */
function bytesOf(path: string): Record<string, string> {
  const bytes: Record<string, string> = {};
  for (const suffix of ['', '-wal', '-journal']) {
    if (existsSync(`${path}${suffix}`)) {
      bytes[suffix] = readFileSync(`${path}${suffix}`).toString('base64');
    }
  }
  return bytes;
}

function startOpener(args: string[]): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, ['--import', 'tsx', OPENER, ...args]);
  children.push(child);
  return child;
}

/** Resolves with the child's stdout once it printed `line` (or exited). */
function waitForLine(child: ChildProcessWithoutNullStreams, line: string): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      if (out.split('\n').includes(line)) {
        resolvePromise(out);
      }
    });
    child.stderr.on('data', (chunk: string) => {
      err += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (!out.split('\n').includes(line)) {
        reject(new Error(`case-opener exited ${code} without "${line}": ${err}`));
      }
    });
  });
}

describe('identifying a case file before writing', () => {
  it('refuses a foreign SQLite database whose user_version is 1 and leaves its bytes unchanged', () => {
    const path = casePath();
    const db = new Database(path);
    db.exec("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me')");
    db.pragma('user_version = 1');
    db.close();
    const before = bytesOf(path);
    expect(() => openSqliteCaseGraph(path)).toThrow(NotACaseFileError);
    expect(bytesOf(path)).toEqual(before);
  });

  it('refuses a foreign WAL database with user_version 0 and a non-empty log, leaving both unchanged', () => {
    const source = casePath();
    const db = new Database(source);
    db.pragma('journal_mode = WAL');
    db.exec("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('in the log')");
    // A copy taken while the log is not checkpointed is what a crashed writer leaves behind.
    const path = join(resolve(source, '..'), 'foreign.sqlite');
    copyFileSync(source, path);
    copyFileSync(`${source}-wal`, `${path}-wal`);
    db.close();
    const before = bytesOf(path);
    expect(before['-wal']?.length).toBeGreaterThan(0);
    expect(() => openSqliteCaseGraph(path)).toThrow(/another application/);
    expect(bytesOf(path)).toEqual(before);
    expect(existsSync(`${path}-shm`)).toBe(false);
  });

  it('refuses a file that is not an SQLite database and leaves it unchanged', () => {
    const path = casePath();
    writeFileSync(path, 'name,lei\nAcme,LEI1\n');
    expect(() => openSqliteCaseGraph(path)).toThrow(/not an SQLite database/);
    expect(readFileSync(path, 'utf8')).toBe('name,lei\nAcme,LEI1\n');
  });

  it('refuses a case file written by a newer schema version', () => {
    const path = casePath();
    void openSqliteCaseGraph(path).close();
    const db = new Database(path);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    expect(() => openSqliteCaseGraph(path)).toThrow(CaseFileVersionError);
    expect(() => openSqliteCaseGraph(path)).toThrow(/newer than this app supports/);
  });

  it('stamps a new case file with the schema version and the application id', () => {
    const path = casePath();
    void openSqliteCaseGraph(path).close();
    const db = new Database(path, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(db.pragma('application_id', { simple: true })).toBe(APPLICATION_ID);
    db.close();
  });

  it('opens and migrates a version 1 case file written before the application id', () => {
    const path = casePath();
    const db = new Database(path);
    migrate(db, path, SCHEMA_STEPS.slice(0, 1));
    db.pragma('application_id = 0');
    db.exec(`INSERT INTO entities VALUES ('FQDN:old.example', 'FQDN', '{"name":"old.example"}', 1, 1);
             INSERT INTO meta VALUES ('graph.seq', '4')`);
    db.close();
    const store = openSqliteCaseGraph(path);
    try {
      expect(store.findEntity('FQDN:old.example')?.asset).toEqual({ name: 'old.example' });
      expect(store.changesSince(3).entities.map((entity) => entity.id)).toEqual(['FQDN:old.example']);
      expect(store.applyNow(fqdns('new.example'), WHOIS).seq).toBe(5);
    } finally {
      void store.close();
    }
  });
});

describe('two processes creating one new case', () => {
  it('creates the schema once and keeps every process write', async () => {
    const rounds = 3;
    const processes = 5;
    for (let round = 0; round < rounds; round += 1) {
      const path = casePath();
      const startAt = Date.now() + 1500;
      const runs = Array.from({ length: processes }, (_, index) =>
        waitForLine(startOpener(['create', path, `p${index}`, String(startAt)]), 'ok'),
      );
      await Promise.all(runs);
      const store = openSqliteCaseGraph(path);
      try {
        expect(store.stats().entities).toBe(processes);
        expect(store.currentSeq()).toBe(processes);
      } finally {
        void store.close();
      }
    }
  }, 60_000);
});

describe('a case in use by another process', () => {
  it('cannot be deleted while another process has it open, and keeps that process work', async () => {
    const path = casePath();
    const holder = startOpener(['hold', path]);
    await waitForLine(holder, 'open');
    expect(() => deleteCaseFile(path)).toThrow(CaseInUseError);
    expect(() => deleteCaseFile(path)).toThrow(/open in another process/);
    expect(existsSync(path)).toBe(true);
    holder.kill('SIGKILL');
    await new Promise((resolvePromise) => holder.once('exit', resolvePromise));
    const store = openSqliteCaseGraph(path);
    expect(store.stats().entities).toBeGreaterThan(0);
    void store.close();
  });

  it('is deleted with its WAL companions once no process has it open', () => {
    const path = casePath();
    const store = openSqliteCaseGraph(path);
    store.applyNow(fqdns('a.example'), WHOIS);
    void store.close();
    deleteCaseFile(path);
    for (const suffix of ['', '-wal', '-shm']) {
      expect(existsSync(`${path}${suffix}`)).toBe(false);
    }
  });

  it('fails every write loudly once its file was deleted under it', () => {
    const path = casePath();
    const store = openSqliteCaseGraph(path);
    try {
      store.applyNow(fqdns('a.example'), WHOIS);
      for (const suffix of ['', '-wal', '-shm']) {
        rmSync(`${path}${suffix}`, { force: true });
      }
      expect(() => store.applyNow(fqdns('b.example'), WHOIS)).toThrow(CaseFileGoneError);
      expect(() => store.applyNow(fqdns('b.example'), WHOIS)).toThrow(/was deleted while open/);
    } finally {
      void store.close();
    }
  });
});

describe('case file permissions, close and copies', () => {
  it('creates the case file and its log readable by the owner only', () => {
    const path = casePath();
    const store = openSqliteCaseGraph(path);
    store.applyNow(fqdns('a.example'), WHOIS);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(`${path}-wal`).mode & 0o777).toBe(0o600);
    void store.close();
  });

  it('makes a case from an empty file readable by the owner only, whatever mode the file had', () => {
    const path = casePath();
    writeFileSync(path, '', { mode: 0o644 });
    chmodSync(path, 0o644);
    const store = openSqliteCaseGraph(path);
    store.applyNow(fqdns('a.example'), WHOIS);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    void store.close();
  });

  it('leaves no write-ahead log beside a cleanly closed case', () => {
    const path = casePath();
    const store = openSqliteCaseGraph(path);
    store.applyNow(fqdns('a.example', 'b.example'), WHOIS);
    void store.close();
    expect(existsSync(`${path}-wal`)).toBe(false);
    const reopened = openSqliteCaseGraph(path);
    expect(reopened.stats().entities).toBe(2);
    void reopened.close();
  });

  it('saves a complete copy of an open case, owner-only, with writes still in the log', () => {
    const path = casePath();
    const store = openSqliteCaseGraph(path);
    try {
      for (let index = 0; index < 50; index += 1) {
        store.applyNow(fqdns(`host-${index}.example`), WHOIS);
      }
      expect(statSync(`${path}-wal`).size).toBeGreaterThan(0);
      const copy = join(resolve(path, '..'), 'copy.sqlite');
      store.saveCopy(copy);
      expect(statSync(copy).mode & 0o777).toBe(0o600);
      const copied = openSqliteCaseGraph(copy);
      try {
        expect(copied.exportJson()).toEqual(store.exportJson());
        expect(copied.currentSeq()).toBe(50);
      } finally {
        void copied.close();
      }
    } finally {
      void store.close();
    }
  });

  it('copies a case another process is writing without touching it', async () => {
    const path = casePath();
    const holder = startOpener(['hold', path]);
    await waitForLine(holder, 'open');
    await new Promise((resolvePromise) => setTimeout(resolvePromise, 200));
    const copy = join(resolve(path, '..'), 'copy.sqlite');
    copyCaseFile(path, copy);
    const copied = openSqliteCaseGraph(copy);
    try {
      expect(copied.stats().entities).toBeGreaterThan(0);
      expect(copied.currentSeq()).toBe(copied.stats().entities);
    } finally {
      void copied.close();
    }
  });
});
