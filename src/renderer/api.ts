/** The renderer's only door to main: typed calls over window.api (Electron preload or web bridge). */
import type {
  AppApi,
  EventChannel,
  EventMap,
  InvokeChannel,
  InvokeRequest,
  InvokeResponse,
} from '../shared/ipc/contract';
import type { Result } from '../shared/ipc/result';
import { fail } from '../shared/ipc/result';

function bridge(): AppApi | undefined {
  return window.api;
}

export function invoke<C extends InvokeChannel>(
  channel: C,
  request: InvokeRequest<C>,
): Promise<Result<InvokeResponse<C>>> {
  const api = bridge();
  if (api === undefined) {
    return Promise.resolve(fail('forbidden', 'The app is not connected to its host.'));
  }
  return api
    .invoke(channel, request)
    .catch((error: unknown) =>
      fail<InvokeResponse<C>>('internal', error instanceof Error ? error.message : String(error)),
    );
}

export function on<E extends EventChannel>(event: E, listener: (payload: EventMap[E]) => void): () => void {
  return bridge()?.on(event, listener) ?? (() => undefined);
}
