/** Renderer entry: installs the web bridge in the browser build, wires host events to the store, renders. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { on } from './api';
import { installWebBridge } from './bridge/web-bridge';
import { App } from './components/App';
import { appStore } from './store/app-store';
import { connectHistory } from './store/history-actions';
import { connectStoreToHost } from './store/ipc-bridge';
import './styles.css';

if (import.meta.env.MODE === 'web' && window.api === undefined) {
  installWebBridge(window);
}
connectStoreToHost(appStore, on);
connectHistory();

const root = document.getElementById('root');
if (root !== null) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
