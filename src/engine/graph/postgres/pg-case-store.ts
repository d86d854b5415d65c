/**
 * The PostgreSQL backend of the case contract (CaseGraph): a team case that several investigators (processes,
 * machines) open and write at once.
 *
 * The database holds each case's ordered log of committed writes (schema.ts). Every client keeps
 * a replica of the graph in an in-memory SQLite store and brings it up to date from the log; a
 * write takes the case's row lock (`SELECT ... FOR UPDATE`), catches the replica up, runs the one
 * write path on it, and commits the write to the log with the sequence number it produced, all in
 * one PostgreSQL transaction. So every client computes the same graph with the same code as the
 * SQLite backend, writers of a case are serialised (organisation merges included), a killed
 * client loses nothing it committed, and `pg_notify` (sent on commit) tells the other clients to
 * fetch what they have not seen: a missed notification only delays, never loses, a delta.
 */
import type pg from 'pg';
import type { EntityId } from '../../../shared/model/asset';
import type { GraphDelta } from '../../../shared/model/graph';
import { systemClock, type Clock } from '../../util/clock';
import { EngineError } from '../../util/engine-error';
import { silentLogger, type Logger } from '../../util/logger';
import { randomUUID } from 'node:crypto';
import type { CaseGraph, MergeRule, Positions, UndoSummary } from '../case-graph';
import { openCaseGraph, type SqliteCaseGraph } from '../case-file';
import type { Findings } from '../findings';
import type { SessionRecord, WriteOptions } from '../types';
import { connectTeamCase, isConnectionLoss, oneLine, TeamCaseError } from './connection';
import { ReplicaReads } from './replica-reads';
import { migrate } from './schema';
import { describeTeamCase, type TeamCaseTarget } from './team-case-url';
import {
  appendWrite,
  NOTIFY_CHANNEL,
  replayWrite,
  writesAfter,
  type ApplyPayload,
  type MergePayload,
  type Replayed,
  type UndoPayload,
  type WriteKind,
} from './write-log';

/** A write refused because the role may only read (open and export work). */
export class ReadOnlyTeamCaseError extends TeamCaseError {
  override readonly code = 'read_only';
}

export interface TeamCaseOptions {
  /** From PGPASSWORD or the keychain; never from the address. */
  password?: string;
  /** The loaded plugins' identity rules (every member must run the same ones: docs/team-cases.md). */
  mergeRules?: readonly MergeRule[];
  clock?: Clock;
  logger?: Logger;
}

/** `reconnecting` after a dropped connection, `connected` once every connection is back. */
export type TeamConnectionState = 'connected' | 'reconnecting';

/** Opens (creating when the role may) the named case; rejects with a one-line TeamCaseError. */
export async function openTeamCase(
  target: TeamCaseTarget,
  options: TeamCaseOptions = {},
): Promise<PostgresCaseGraph> {
  const client = await connectTeamCase(target, options.password);
  try {
    await migrate(client);
    const rights = await client.query<{ can_write: boolean }>(
      `SELECT has_table_privilege(current_user, 'trace_graph_writes', 'INSERT') AS can_write`,
    );
    const readOnly = rights.rows[0]?.can_write !== true;
    let created = false;
    if (!readOnly) {
      const inserted = await client.query(
        'INSERT INTO trace_graph_cases (name) VALUES ($1) ON CONFLICT (name) DO NOTHING',
        [target.caseName],
      );
      // The app says "created" when the name was new (a typo in the case name is then visible).
      created = inserted.rowCount === 1;
    }
    const found = await client.query('SELECT 1 FROM trace_graph_cases WHERE name = $1', [target.caseName]);
    if (found.rowCount === 0) {
      throw new TeamCaseError(
        `no team case "${target.caseName}" in ${describeTeamCase(target)}, and your role may not create it`,
      );
    }
    const listener = await connectTeamCase(target, options.password);
    const store = new PostgresCaseGraph(target, client, listener, { readOnly, created }, options);
    await store.start();
    return store;
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error instanceof TeamCaseError ? error : new TeamCaseError(oneLine(error));
  }
}

export class PostgresCaseGraph extends ReplicaReads implements CaseGraph {
  protected replica: SqliteCaseGraph;
  private lastWrite = 0;
  private seq = 0;
  private lastEmitted = 0;
  /** Replica deltas held back while our own write is not yet committed. */
  private held: GraphDelta[] | undefined;
  private diverged = false;
  private closed = false;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly listeners = new Set<(delta: GraphDelta) => void>();
  private readonly clock: Clock;
  private readonly logger: Logger;
  private readonly mergeRules: readonly MergeRule[];

  readonly target: TeamCaseTarget;
  /** True when the role may read but not write: open and export work, enriching does not. */
  readonly readOnly: boolean;
  /** True when opening created the case (its name was not in the database yet). */
  readonly created: boolean;
  private client: pg.Client;
  private listener: pg.Client;
  /** The write connection ended (server restart, network): the next operation reconnects. */
  private clientLost = false;
  private readonly password: string | undefined;
  private readonly stateListeners = new Set<(state: TeamConnectionState) => void>();
  private readonly resetListeners = new Set<(seq: number) => void>();

  constructor(
    target: TeamCaseTarget,
    client: pg.Client,
    listener: pg.Client,
    opened: { readOnly: boolean; created: boolean },
    options: TeamCaseOptions,
  ) {
    super();
    this.target = target;
    this.client = client;
    this.listener = listener;
    this.readOnly = opened.readOnly;
    this.created = opened.created;
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger ?? silentLogger;
    this.mergeRules = options.mergeRules ?? [];
    this.password = options.password;
    this.replica = this.newReplica();
    this.watch(client, 'writes');
  }

  /** Connection changes, for a "reconnecting" banner. Returns an unsubscribe function. */
  onConnectionState(listener: (state: TeamConnectionState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /**
   * Another member's undo, replayed here: deltas carry no removals, so a window showing the case
   * reloads it (the host sends `graph:reset`). Our own undo answers its caller, who does the same.
   * Returns an unsubscribe function.
   */
  onReset(listener: (seq: number) => void): () => void {
    this.resetListeners.add(listener);
    return () => this.resetListeners.delete(listener);
  }

  private setState(state: TeamConnectionState): void {
    for (const listener of [...this.stateListeners]) {
      listener(state);
    }
  }

  private watch(client: pg.Client, role: 'writes' | 'notes'): void {
    client.once('end', () => {
      if (this.closed) {
        return;
      }
      this.logger.warn(`team case: lost the ${role} connection to ${this.address}; reconnecting`);
      this.setState('reconnecting');
      if (role === 'writes') {
        this.clientLost = true;
      } else {
        void this.reconnectListener();
      }
    });
  }

  /**
   * A failed reconnect fails the operation with one line; the next one tries again. It is a
   * failure of the open case's write (`write`), not of opening it: hosts report it as such.
   */
  private async reconnectClient(): Promise<void> {
    const client = await connectTeamCase(this.target, this.password).catch((error: unknown) => {
      throw error instanceof TeamCaseError ? new TeamCaseError(error.message, 'write') : error;
    });
    const old = this.client;
    this.client = client;
    this.clientLost = false;
    old.removeAllListeners('end');
    await old.end().catch(() => undefined);
    this.watch(client, 'writes');
    this.setState('connected');
  }

  /** Listens again after a dropped connection, with backoff, then fetches what was missed. */
  private async reconnectListener(): Promise<void> {
    for (let attempt = 0; !this.closed; attempt += 1) {
      // Real time: reconnecting waits on the network, whatever clock the case's writes use.
      await systemClock.sleep(Math.min(250 * 2 ** attempt, 5_000));
      if (this.closed) {
        return;
      }
      try {
        const listener = await connectTeamCase(this.target, this.password);
        this.listener = listener;
        await this.listen();
        this.watch(listener, 'notes');
        await this.exclusive(() => this.catchUp());
        this.setState('connected');
        return;
      } catch (error) {
        this.logger.warn('team case: reconnecting failed, trying again', { error: oneLine(error) });
      }
    }
  }

  /** The case as shown to the user (no password). */
  get address(): string {
    return describeTeamCase(this.target);
  }

  async start(): Promise<void> {
    await this.listen();
    this.watch(this.listener, 'notes');
    await this.exclusive(() => this.catchUp());
  }

  private async listen(): Promise<void> {
    this.listener.on('notification', (message) => {
      if (message.channel !== NOTIFY_CHANNEL || message.payload === undefined) {
        return;
      }
      const note = JSON.parse(message.payload) as { case?: string; write?: number };
      if (note.case === this.target.caseName && (note.write ?? 0) > this.lastWrite) {
        // A gap (a note we missed) is covered too: catching up reads every write after ours.
        this.exclusive(() => this.catchUp()).catch((error: unknown) =>
          this.logger.warn('team case: could not fetch new deltas', { error: oneLine(error) }),
        );
      }
    });
    await this.listener.query(`LISTEN ${NOTIFY_CHANNEL}`);
  }

  private newReplica(): SqliteCaseGraph {
    const replica = openCaseGraph(':memory:', {
      clock: this.clock,
      logger: this.logger,
      mergeRules: this.mergeRules,
    });
    replica.onDelta((delta) => this.onReplicaDelta(delta));
    return replica;
  }

  private onReplicaDelta(delta: GraphDelta): void {
    if (this.held) {
      this.held.push(delta);
    } else {
      this.emit(delta);
    }
  }

  private emit(delta: GraphDelta): void {
    // A rebuilt replica replays deltas the listeners already have.
    if (delta.seq <= this.lastEmitted) {
      return;
    }
    this.lastEmitted = delta.seq;
    for (const listener of [...this.listeners]) {
      try {
        listener(delta);
      } catch (error) {
        this.logger.warn('team case: a delta listener failed', { error: oneLine(error) });
      }
    }
  }

  /** Runs `task` after every earlier one: catch-ups and writes never interleave. */
  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      if (this.closed) {
        throw new TeamCaseError(`${this.address} is closed`, 'write');
      }
      if (this.diverged) {
        this.rebuild();
      }
      if (this.clientLost) {
        await this.reconnectClient();
      }
      try {
        return await task();
      } catch (error) {
        if (!isConnectionLoss(error) || this.closed) {
          throw error;
        }
        // The connection died before its 'end' event reached us: reconnect and try once more.
        // Nothing of the failed attempt was committed (a write's replica change is rebuilt).
        await this.reconnectClient();
        if (this.diverged) {
          this.rebuild();
        }
        return task();
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** After a write whose commit failed the replica holds a write the log does not: start again. */
  private rebuild(): void {
    void this.replica.close();
    this.replica = this.newReplica();
    this.lastWrite = 0;
    this.seq = 0;
    this.diverged = false;
  }

  private async catchUp(): Promise<void> {
    let undone = false;
    for (const row of await writesAfter(this.client, this.target.caseName, this.lastWrite)) {
      undone = replayWrite(this.replica, row.kind, row.payload).undone !== undefined || undone;
      this.lastWrite = Number(row.write_no);
      this.seq = Number(row.seq);
    }
    if (undone) {
      for (const listener of [...this.resetListeners]) {
        listener(this.seq);
      }
    }
  }

  /**
   * One logged write: lock the case row, catch up, run the write on the replica, append it to
   * the log with the sequence number it produced and notify, all in one transaction.
   */
  private write(kind: WriteKind, payload: unknown): Promise<Replayed> {
    if (this.readOnly) {
      return Promise.reject(
        new ReadOnlyTeamCaseError(
          `${this.address} is read-only for PostgreSQL user ${this.target.user}: you can open and export it, not enrich or change it`,
        ),
      );
    }
    return this.exclusive(async () => {
      await this.client.query('BEGIN');
      let ranLocally = false;
      try {
        await this.client.query('SELECT last_write FROM trace_graph_cases WHERE name = $1 FOR UPDATE', [
          this.target.caseName,
        ]);
        await this.catchUp();
        this.held = [];
        // A write the replica refuses (bad findings, an unknown session, a refused merge) rolled
        // its own transaction back: the replica still matches the log.
        const replayed = replayWrite(this.replica, kind, payload);
        ranLocally = true;
        const seq = replayed.delta?.seq ?? this.replica.currentSeq();
        const writeNo = this.lastWrite + 1;
        await appendWrite(this.client, this.target.caseName, { writeNo, seq, kind, payload });
        await this.client.query('COMMIT');
        this.lastWrite = writeNo;
        this.seq = seq;
        const committed = this.held;
        this.held = undefined;
        for (const held of committed) {
          this.emit(held);
        }
        return replayed;
      } catch (error) {
        this.held = undefined;
        await this.client.query('ROLLBACK').catch(() => undefined);
        if (ranLocally) {
          this.diverged = true;
        }
        if (isConnectionLoss(error)) {
          throw error; // exclusive() reconnects and tries once more
        }
        if ((error as { code?: string }).code === '42501') {
          throw new ReadOnlyTeamCaseError(
            `${this.address}: PostgreSQL user ${this.target.user} may not write this case`,
          );
        }
        // The engine's own errors pass unchanged; a driver's (with a SQLSTATE `code`) becomes one line.
        throw error instanceof EngineError || (error instanceof Error && !('code' in error))
          ? error
          : new TeamCaseError(`${this.address}: ${oneLine(error)}`, 'write');
      }
    });
  }

  /** Case data is written in the background, in order; a failure is logged (the contract's "no reply"). */
  private writeInBackground(kind: WriteKind, payload: unknown, what: string): void {
    this.write(kind, payload).catch((error: unknown) => {
      this.logger.warn(`team case: could not save ${what}`, { error: oneLine(error) });
    });
  }

  // ---- CaseGraph: writes answer after their commit ----

  async apply(findings: Findings, options: WriteOptions): Promise<GraphDelta> {
    const payload: ApplyPayload = { findings, options: { ...options, now: options.now ?? this.clock.now() } };
    const { delta } = await this.write('apply', payload);
    return delta ?? { seq: this.seq, entities: [], edges: [], merged: [] };
  }

  /** Logged like any write, so every member's replica takes the same session back. */
  async undoSession(session: string): Promise<UndoSummary> {
    const payload: UndoPayload = { session };
    const { undone } = await this.write('undo', payload);
    if (undone === undefined) {
      throw new TeamCaseError(`${this.address}: the undo of session ${session} answered nothing`, 'write');
    }
    return undone;
  }

  /** The session id and time are drawn here, once, and logged: every replay records the same merge. */
  async mergeEntities(from: EntityId, into: EntityId): Promise<{ session: string; delta: GraphDelta }> {
    const payload: MergePayload = { from, into, session: randomUUID(), now: this.clock.now() };
    const { delta } = await this.write('merge', payload);
    if (delta === undefined) {
      throw new TeamCaseError(`${this.address}: the merge of ${from} into ${into} answered nothing`, 'write');
    }
    return { session: payload.session, delta };
  }

  onDelta(listener: (delta: GraphDelta) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Waits for every write issued so far, then fetches every commit of the other members. */
  settle(): Promise<void> {
    return this.exclusive(() => this.catchUp());
  }

  setMeta(key: string, value: string): void {
    this.writeInBackground('meta', { key, value }, `case data ${key}`);
  }

  savePositions(positions: Positions): void {
    this.writeInBackground('positions', positions, 'node positions');
  }

  saveSession(record: SessionRecord): void {
    this.writeInBackground('session', record, 'the session record');
  }

  currentSeq(): number {
    return this.seq;
  }

  async close(): Promise<void> {
    if (this.closed) {
      return;
    }
    await this.queue;
    this.closed = true;
    this.listeners.clear();
    await Promise.all([this.listener.end().catch(() => undefined), this.client.end().catch(() => undefined)]);
    await this.replica.close();
  }
}
