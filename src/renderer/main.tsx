/** Renderer entry: installs the web bridge in the browser build, wires host events to the store, renders. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { on } from './api';
import { installWebBridge } from './bridge/web-bridge';
import { App } from './components/App';
import { NoAccessPage } from './components/NoAccessPage';
import { appStore } from './store/app-store';
import { connectHistory } from './store/history-actions';
import { connectStoreToHost } from './store/ipc-bridge';
import './styles.css';

// The web host's page opened without its access token reaches nothing: it says how to open the app.
const withoutToken = import.meta.env.MODE === 'web' && window.api === undefined && !installWebBridge(window);
if (!withoutToken) {
  connectStoreToHost(appStore, on);
  connectHistory();
}

const root = document.getElementById('root');
if (root !== null) {
  createRoot(root).render(<StrictMode>{withoutToken ? <NoAccessPage /> : <App />}</StrictMode>);
}
