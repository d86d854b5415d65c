/** Ambient types of the renderer: Vite's import.meta.env, the window.api bridge, cytoscape-fcose. */
/// <reference types="vite/client" />
import type { AppApi } from '../shared/ipc/contract';

declare global {
  interface Window {
    /** Set by the Electron preload or by the web bridge before the app starts. */
    api?: AppApi;
  }
}
