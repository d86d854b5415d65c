/**
 * The replies a handler run received, kept as the raw source records behind what it found: the
 * engine runs each query inside `captureReplies`, and the clients (HTTP, WHOIS) hand every reply
 * they accept to `recordReply`. Carried by AsyncLocalStorage, so concurrent runs of one session
 * keep their replies apart. Outside a capture (setup, bootstrap files) nothing is kept.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** One reply as received: where it came from (secrets redacted) and its text (secrets scrubbed). */
export interface CapturedReply {
  url: string;
  text: string;
  /** ms since epoch. */
  receivedAt: number;
}

/** Replies kept per run: a paged or referred query keeps its first pages, not a runaway loop. */
export const MAX_REPLIES_PER_RUN = 20;
/** Characters kept per reply; the rest is cut with a note (the store keeps one copy per text). */
export const MAX_REPLY_CHARS = 1_000_000;

const storage = new AsyncLocalStorage<CapturedReply[]>();

export async function captureReplies<T>(
  work: () => Promise<T>,
): Promise<{ result: T; replies: CapturedReply[] }> {
  const replies: CapturedReply[] = [];
  const result = await storage.run(replies, work);
  return { result, replies };
}

export function recordReply(url: string, text: string, receivedAt: number): void {
  const replies = storage.getStore();
  if (replies === undefined || replies.length >= MAX_REPLIES_PER_RUN) {
    return;
  }
  const kept =
    text.length > MAX_REPLY_CHARS
      ? `${text.slice(0, MAX_REPLY_CHARS)}\n[cut: the reply had ${text.length} characters]`
      : text;
  replies.push({ url, text: kept, receivedAt });
}
