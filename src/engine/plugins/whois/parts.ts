/**
 * The parts of a lookup asked through the part cache (`part-cache.ts`): a part that answered
 * within the TTL is read from the cache, a part whose failure's backoff runs is not asked, and
 * what a query brings (answer or failure) is kept. Lookups running at once that need the same part
 * (IANA for one TLD) share one query.
 */
import { SourceError } from '../../net/errors';
import { recordReply } from '../../core/plugin-api';
import type { Clock } from '../../util/clock';
import { splitHostPort, whoisUrl } from './address';
import type { WhoisCharset } from './decode';
import { parseWhoisReply, type ParsedWhois } from './parse';
import { nextFailure, type PartBackoff, type WhoisPartCache } from './part-cache';
import { PartBackoffError, replyFailureOf } from './reply-errors';
import { hintFor } from './server-hints';

/** One query and its reply. */
export interface WhoisHop {
  server: string;
  query: string;
  text: string;
  charset: WhoisCharset;
  parsed: ParsedWhois;
  /** Taken from the part cache (no query sent). */
  cached?: boolean;
}

/**
 * What a lookup may take from the part cache: parts received or failed at or after `since` (the
 * TTL start); `refresh` asks every part again.
 */
export interface LookupFreshness {
  since: number;
  refresh: boolean;
}

/** A part's reply, or its failure and when it is asked again (when a part cache keeps it). */
export type PartOutcome = { hop: WhoisHop } | { failure: SourceError; retryAt: number | undefined };

export type AskPart = (
  server: string,
  query: string,
  domain: string,
  signal: AbortSignal | undefined,
  freshness: LookupFreshness | undefined,
) => Promise<PartOutcome>;

export interface PartAskerOptions {
  cache: WhoisPartCache | undefined;
  backoff: PartBackoff;
  clock: Clock;
  /** One query to the server (rate limit, throttle retries), no cache. */
  askServer(server: string, query: string, domain: string, signal?: AbortSignal): Promise<WhoisHop>;
}

export function createPartAsker(options: PartAskerOptions): AskPart {
  /**
   * One part of a lookup: from the part cache when it answered within the TTL, refused without a
   * query while a failure's backoff runs, else asked; the answer or the failure is then kept.
   * A reply that is no answer (refusal, unrecognised) is a failure of its part.
   */
  const askPart = async (
    server: string,
    query: string,
    domain: string,
    signal: AbortSignal | undefined,
    freshness: LookupFreshness | undefined,
  ): Promise<PartOutcome> => {
    const name = splitHostPort(server).host;
    const url = whoisUrl(name, query);
    const cache = freshness === undefined ? undefined : options.cache;
    const kept = cache === undefined || freshness?.refresh === true ? undefined : await cache.get(url);
    const since = freshness?.since ?? 0;
    if (kept?.kind === 'reply' && kept.receivedAt >= since) {
      const hint = hintFor(name);
      const parsed = parseWhoisReply(
        kept.text,
        domain,
        hint.dateOrder === undefined ? {} : { dateOrder: hint.dateOrder },
      );
      recordReply(url, kept.text, kept.receivedAt);
      return { hop: { server: name, query, text: kept.text, charset: kept.charset, parsed, cached: true } };
    }
    if (kept?.kind === 'failed' && kept.failedAt >= since && options.clock.now() < kept.retryAt) {
      return { failure: new PartBackoffError(kept.code, kept.message, kept.retryAt), retryAt: kept.retryAt };
    }
    let failure: SourceError;
    try {
      const hop = await options.askServer(server, query, domain, signal);
      const refusal = refusalOf(hop);
      if (refusal === undefined) {
        const receivedAt = options.clock.now();
        await cache?.set(url, { kind: 'reply', text: hop.text, charset: hop.charset, receivedAt });
        return { hop };
      }
      failure = refusal;
    } catch (error) {
      if (!(error instanceof SourceError) || error.code === 'aborted') {
        throw error;
      }
      failure = error;
    }
    const now = options.clock.now();
    const record = nextFailure(kept, failure, now, since, options.backoff);
    await cache?.set(url, record);
    return { failure, retryAt: cache === undefined ? undefined : record.retryAt };
  };

  // Lookups running at once that need the same part (IANA for one TLD) share one query.
  const inFlight = new Map<string, Promise<PartOutcome>>();
  const ask = (
    server: string,
    query: string,
    domain: string,
    signal: AbortSignal | undefined,
    freshness: LookupFreshness | undefined,
  ): Promise<PartOutcome> => {
    if (freshness === undefined || options.cache === undefined) {
      return askPart(server, query, domain, signal, freshness);
    }
    const key = `${freshness.refresh ? 'refresh' : 'ttl'} ${whoisUrl(splitHostPort(server).host, query)}`;
    const running = inFlight.get(key);
    if (running !== undefined) {
      return running;
    }
    const started = askPart(server, query, domain, signal, freshness).finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  };

  return ask;
}

/** The part's reply, or its failure thrown (IANA's and the registry's parts are the lookup's). */
export function hopOf(outcome: PartOutcome): WhoisHop {
  if ('hop' in outcome) {
    return outcome.hop;
  }
  throw outcome.failure;
}

/** A reply that is no answer (refusal, empty, unrecognised) as the error to record. */
function refusalOf(hop: WhoisHop): SourceError | undefined {
  return replyFailureOf(whoisUrl(hop.server, hop.query), hop.text, hop.parsed);
}
