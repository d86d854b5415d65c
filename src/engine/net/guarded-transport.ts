/**
 * The HTTP transport of the source clients: undici's fetch over an Agent whose connector applies
 * the destination policy at connect time. A configured endpoint connects as set; any other host
 * connects only to a public unicast address, checked on the address the socket uses (IP literals
 * in the connector, host names in the socket's `lookup`), so DNS rebinding has no window.
 */
import { isIP } from 'node:net';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import { DestinationRefusedError, nonPublicReason, type DestinationPolicy } from './destination-policy';

/** What the client needs of fetch; tests may pass a scripted one. */
export type Transport = (url: URL, init: RequestInit) => Promise<Response>;

/**
 * The fetch under the guarded transport, read at each call: an object so that a test can observe
 * the moment each request is handed to the wire (`vi.spyOn(wire, 'fetch')`).
 */
export const wire = { fetch: undiciFetch };

const agents = new WeakMap<DestinationPolicy, Agent>();

/** One Agent (connection pool) per policy, so every client of an engine shares its connections. */
function agentFor(policy: DestinationPolicy): Agent {
  let agent = agents.get(policy);
  if (agent === undefined) {
    const direct = buildConnector({});
    const guarded = buildConnector({ lookup: policy.guardedLookup() });
    agent = new Agent({
      connect: (options, callback) => {
        const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80);
        if (policy.isConfigured(options.hostname, port)) {
          direct(options, callback);
          return;
        }
        // A socket to an IP literal never calls `lookup`: check the literal here.
        const bare = options.hostname.replace(/^\[|\]$/g, '');
        const reason = isIP(bare) === 0 ? undefined : nonPublicReason(bare);
        if (reason !== undefined) {
          callback(new DestinationRefusedError(`${options.hostname}:${port}`, `${bare} is ${reason}`), null);
          return;
        }
        guarded(options, callback);
      },
    });
    agents.set(policy, agent);
  }
  return agent;
}

/** fetch through the policy's guarded Agent. */
export function guardedTransport(policy: DestinationPolicy): Transport {
  const dispatcher = agentFor(policy);
  return (url, init) => {
    // The DOM RequestInit and undici's differ in declarations only (body stream types).
    return wire.fetch(url, { ...init, dispatcher } as Parameters<typeof undiciFetch>[1]);
  };
}

/** The refusal behind a failed fetch (undici wraps connect errors as `TypeError: fetch failed`). */
export function refusalBehind(error: unknown): DestinationRefusedError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    if (current instanceof DestinationRefusedError) {
      return current;
    }
    current = current.cause;
  }
  return undefined;
}
