// electron-vite build: main (ESM), preload (CommonJS, as sandboxed preloads require), renderer.
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'electron-vite';

export default defineConfig({
  main: {
    build: {
      lib: {
        entry: {
          index: path.resolve(import.meta.dirname, 'src/main/index.ts'),
          // The engine's compute worker (src/engine/compute/worker-url.ts finds it next to the chunk).
          'compute-worker': path.resolve(import.meta.dirname, 'src/engine/compute/worker.ts'),
        },
        formats: ['es'],
      },
      rollupOptions: {
        external: ['better-sqlite3', '@napi-rs/keyring'],
        // Shared chunks beside the entries, so a chunk's import.meta.url resolves the worker.
        output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
      },
    },
  },
  preload: {
    build: {
      lib: { entry: path.resolve(import.meta.dirname, 'src/preload/index.ts'), formats: ['cjs'] },
      rollupOptions: { output: { entryFileNames: 'index.cjs' } },
    },
  },
  renderer: {
    root: path.resolve(import.meta.dirname, 'src/renderer'),
    plugins: [react()],
    build: {
      rollupOptions: { input: path.resolve(import.meta.dirname, 'src/renderer/index.html') },
    },
  },
});
