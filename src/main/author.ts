/** Who the investigator is, for the author of notes and flags (docs/notes-and-flags.md). */
import os from 'node:os';

/** `TRACE_GRAPH_AUTHOR`, else the operating-system user, else "investigator". */
export function authorOf(env: Record<string, string | undefined>): string {
  const configured = env.TRACE_GRAPH_AUTHOR?.trim();
  if (configured !== undefined && configured !== '') {
    return configured.slice(0, 200);
  }
  try {
    return os.userInfo().username || 'investigator';
  } catch {
    return 'investigator';
  }
}
