/**
 * How a channel finds the case it acts on. Case files and team cases share the channels, so every
 * handler resolves its case through one of these two, never through the case-file list alone:
 * reads through `caseOf`, writes through `writableCase` (which refuses a read-only team case and a
 * team case whose server is away, with one line the UI shows).
 */
import type { OpenCase } from '../../engine/index';
import type { DeltaBatcher } from './delta-batcher';
import type { TeamCaseHandle } from './team-cases';

/** An open case whichever kind: a case file, or a team case (then `team` is set). */
export interface AnyCase {
  open: OpenCase;
  batcher: DeltaBatcher;
  team?: TeamCaseHandle;
}

export interface CaseResolvers {
  /** The open case for reading (opened on first use). */
  caseOf(caseId: string): Promise<AnyCase>;
  /** The open case for an enriching write; throws a ServiceError when it cannot take one. */
  writableCase(caseId: string): Promise<AnyCase>;
}
