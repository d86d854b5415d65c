/**
 * The investigator's notes and flags (docs/notes-and-flags.md): each one a write of its own,
 * through the one write path, recorded as a session so that undo takes it back.
 */
import { randomUUID } from 'node:crypto';
import { checkNoteText, isFlagName, type FlagName } from '../shared/model/annotation';
import type { GraphDelta } from '../shared/model/graph';
import type { CaseGraph } from './graph/case-graph';
import { UnknownAnnotationTargetError } from './graph/sqlite/annotations';
import { INVESTIGATOR_SOURCE } from './seeds';
import { EngineError } from './util/engine-error';

export type AnnotateGraph = Pick<CaseGraph, 'apply' | 'saveSession'>;

export interface AnnotateRequest {
  /** An entity or edge id as the JSON export writes it. */
  target: string;
  note?: string;
  flag?: string;
  author: string;
}

/** Refused before or by the write: nothing is stored. `unknown-target` or `invalid` input. */
export class AnnotationRefusedError extends EngineError {
  override readonly name = 'AnnotationRefusedError';
  /** `unknown-target`: no such entity or edge; `invalid`: the note or flag is not valid. */
  readonly reason: 'unknown-target' | 'invalid';
  constructor(reason: 'unknown-target' | 'invalid', message: string) {
    super(reason === 'unknown-target' ? 'annotation_unknown_target' : 'annotation_invalid', message);
    this.reason = reason;
  }
}

/** Adds a note and/or sets the flag; resolves with the write's session (undo it to take it back). */
export async function annotate(
  graph: AnnotateGraph,
  request: AnnotateRequest,
): Promise<{ session: string; delta: GraphDelta }> {
  const { note, flag } = checkRequest(request);
  const session = randomUUID();
  const startedAt = new Date().toISOString();
  let delta: GraphDelta;
  try {
    delta = await graph.apply(
      {
        entities: [],
        edges: [],
        dispatch: [],
        annotations: [{ target: request.target, author: request.author, ...note, ...flag }],
      },
      { source: INVESTIGATOR_SOURCE, handler: 'annotation', session },
    );
  } catch (error) {
    if (error instanceof UnknownAnnotationTargetError) {
      throw new AnnotationRefusedError('unknown-target', error.message);
    }
    throw error;
  }
  const what = [note === undefined ? '' : 'note', flag === undefined ? '' : `flag ${flag.flag}`].filter(
    Boolean,
  );
  graph.saveSession({
    id: session,
    startedAt,
    finishedAt: new Date().toISOString(),
    seeds: [],
    depth: 0,
    action: `${what.join(' and ')} on ${request.target}`,
  });
  return { session, delta };
}

function checkRequest(request: AnnotateRequest): { note?: { note: string }; flag?: { flag: FlagName } } {
  if (request.note === undefined && request.flag === undefined) {
    throw new AnnotationRefusedError('invalid', 'give a note or a flag');
  }
  if (request.author.trim() === '') {
    throw new AnnotationRefusedError('invalid', 'a note needs an author');
  }
  const checked: { note?: { note: string }; flag?: { flag: FlagName } } = {};
  if (request.note !== undefined) {
    const text = checkNoteText(request.note);
    if (!text.ok) {
      throw new AnnotationRefusedError('invalid', text.error);
    }
    checked.note = { note: text.text };
  }
  if (request.flag !== undefined) {
    if (!isFlagName(request.flag)) {
      throw new AnnotationRefusedError(
        'invalid',
        `unknown flag "${request.flag}"; use red, orange, yellow, green, blue, purple, star or none`,
      );
    }
    checked.flag = { flag: request.flag };
  }
  return checked;
}
