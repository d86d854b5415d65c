/** The layout worker: one message in (LayoutInput), one message out (positions); terminated to cancel. */
import type { LayoutInput } from './layouts/types';
import { computeLayout } from './layout-compute';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<LayoutInput>) => void) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = (event) => {
  try {
    scope.postMessage({ ok: true, positions: computeLayout(event.data) });
  } catch (error) {
    scope.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
};
