/**
 * One notion of a case in the app: case files (case-files.ts) and team cases (team-cases.ts) are
 * two implementations of `CaseSource`, which the services use without asking which kind a case
 * is. How a channel finds the case it acts on: reads through `caseOf`, writes through
 * `writableCase` (which asks the case's source whether it can take one, e.g. a read-only team
 * case or one whose server is away cannot, with one line the UI shows).
 */
import type { CaseSummary } from '../../shared/ipc/contract';
import type { OpenCase } from '../../engine/index';
import type { DeltaBatcher } from './delta-batcher';
import type { ServiceError } from './service-error';
import type { TeamCaseHandle } from './team-cases';

/** An open case whichever kind: a case file, or a team case (then `team` is set). */
export interface AnyCase {
  id: string;
  open: OpenCase;
  batcher: DeltaBatcher;
  team?: TeamCaseHandle;
}

/** Where cases come from: the cases folder, or team cases on PostgreSQL. */
export interface CaseSource {
  /** True when `caseId` names a case of this source. */
  owns(caseId: string): boolean;
  /** The open case, opening it on first use; not_found when the source has no such case. */
  get(caseId: string): Promise<AnyCase>;
  /** The open case, if it is open. */
  find(caseId: string): AnyCase | undefined;
  summarise(handle: AnyCase): Promise<CaseSummary>;
  /** The name a copy of the case (as a case file) gets. */
  copyName(handle: AnyCase): string;
  /** Renames the case and answers its new summary. */
  rename(caseId: string, name: string): Promise<CaseSummary>;
  delete(caseId: string): Promise<void>;
  /** Why the case cannot take an enriching write now; undefined when it can. */
  writeRefusal(handle: AnyCase): ServiceError | undefined;
  /** True when nothing of this client's (positions included) may be written to the case. */
  readOnly(handle: AnyCase): boolean;
}

export interface CaseResolvers {
  /** The open case for reading (opened on first use). */
  caseOf(caseId: string): Promise<AnyCase>;
  /** The open case for an enriching write; throws a ServiceError when it cannot take one. */
  writableCase(caseId: string): Promise<AnyCase>;
}
