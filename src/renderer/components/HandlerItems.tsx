/**
 * The context menu's per-handler items: every handler that applies to the node (from the engine's
 * registry, `entity:handlers`) with its last run and cache state, and the action that runs it
 * alone on the node: refresh (ignores the TTL) when cached, retry after a failure, run otherwise.
 */
import type { HandlerState } from '../../shared/model/handler-state';
import { formatAgo, formatDate } from './format';

export interface HandlerAction {
  /** The word on the item: what choosing it does. */
  verb: 'refresh' | 'retry' | 'run';
  /** Ignore the TTL (query the source even if its answer is still cached). */
  refresh: boolean;
}

export interface HandlerMenuItem {
  handler: string;
  /** "GLEIF: fuzzy completions: cached 2 h ago" */
  text: string;
  /** Undefined when the handler cannot run now (its source needs an API key). */
  action: HandlerAction | undefined;
  /** Longer explanation for the tooltip (exact times, the failure, what it stands in for). */
  title: string;
}

export function handlerMenuItem(state: HandlerState, now: number): HandlerMenuItem {
  const ago = (iso: string | undefined): string => (iso === undefined ? '' : formatAgo(iso, now));
  const details: string[] = [];
  if (state.lastRunAt !== undefined) {
    details.push(`last answer ${formatDate(state.lastRunAt)}`);
  }
  if (state.cachedUntil !== undefined && state.state === 'cached') {
    details.push(`served from the case until ${formatDate(state.cachedUntil)}`);
  }
  if (state.failure !== undefined) {
    details.push(`failed: ${state.failure}`);
  }
  if (state.fallbackFor !== undefined) {
    details.push(`answers when ${state.fallbackFor} cannot`);
  }
  const item = (status: string, action: HandlerAction | undefined): HandlerMenuItem => ({
    handler: state.handler,
    text: `${state.label}: ${status}`,
    action,
    title: details.join('; '),
  });
  switch (state.state) {
    case 'cached':
      return item(`cached ${ago(state.lastRunAt)}`, { verb: 'refresh', refresh: true });
    case 'failed':
      return item(`failed ${ago(state.failedAt)}`, { verb: 'retry', refresh: true });
    case 'stale':
      return item(`expired, last run ${ago(state.lastRunAt)}`, { verb: 'run', refresh: false });
    case 'needs-key':
      return item('needs an API key (Settings)', undefined);
    case 'never':
      return item('never run', { verb: 'run', refresh: false });
  }
}

export function HandlerItems({
  handlers,
  now,
  onRun,
}: {
  /** Undefined while loading; a string when they could not be read. */
  handlers: HandlerState[] | string | undefined;
  now: number;
  onRun: (handler: string, action: HandlerAction) => void;
}) {
  if (handlers === undefined || typeof handlers === 'string' || handlers.length === 0) {
    const text =
      handlers === undefined
        ? 'Reading sources…'
        : typeof handlers === 'string'
          ? `Sources unavailable: ${handlers}`
          : 'No source handles this type';
    return (
      <li role="none" className="menu-note muted" data-testid="handler-note">
        {text}
      </li>
    );
  }
  return (
    <>
      {handlers.map((state) => {
        const item = handlerMenuItem(state, now);
        const { action } = item;
        return (
          <li role="none" key={item.handler}>
            <button
              type="button"
              role="menuitem"
              data-testid="handler-item"
              data-handler={item.handler}
              data-state={state.state}
              title={item.title}
              disabled={action === undefined}
              onClick={action === undefined ? undefined : () => onRun(item.handler, action)}
            >
              {item.text}
              {action !== undefined && <span className="menu-verb"> · {action.verb}</span>}
            </button>
          </li>
        );
      })}
    </>
  );
}
