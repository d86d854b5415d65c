import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openCaseGraph } from './case-file';

const WRITER = resolve(import.meta.dirname, '../../../test/fixtures/graph/crash-writer.ts');
const KILL_AFTER = 300;

const tempDirs: string[] = [];
afterEach(() => {
  for (const dir of tempDirs.splice(0)) {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Runs the writer until it reported `count` commits, then SIGKILLs it mid-loop. */
function runWriterUntilKilled(path: string, count: number): Promise<number[]> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, path], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const committed: number[] = [];
    let pending = '';
    let stderr = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        committed.push(Number(line));
      }
      if (committed.length >= count && child.exitCode === null && !child.killed) {
        child.kill('SIGKILL');
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      if (signal === 'SIGKILL') {
        resolvePromise(committed);
      } else {
        reject(new Error(`writer exited on its own: ${stderr}`));
      }
    });
  });
}

describe('case file crash safety', () => {
  it('keeps every reported commit and an intact file when the writer is killed mid-write', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'case-crash-'));
    tempDirs.push(dir);
    const path = join(dir, 'case.sqlite');

    const committed = await runWriterUntilKilled(path, KILL_AFTER);
    expect(committed.length).toBeGreaterThanOrEqual(KILL_AFTER);

    const db = new Database(path);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();

    const graph = openCaseGraph(path);
    try {
      const missing = committed.filter((seq) => graph.findEntity(`FQDN:seq-${seq}.example`) === undefined);
      expect(missing).toEqual([]);
      expect(graph.snapshot().seq).toBeGreaterThanOrEqual(Math.max(...committed));
      const next = graph.snapshot().seq + 1;
      expect(
        graph.applyNow(
          { entities: [{ type: 'FQDN', asset: { name: 'after.example' } }], edges: [], dispatch: [] },
          { source: { name: 'WHOIS', confidence: 80 } },
        ).seq,
      ).toBe(next);
    } finally {
      void graph.close();
    }
  });
});
