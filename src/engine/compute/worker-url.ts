/**
 * Where the compute worker's entry is: next to this module. Run from the TypeScript sources (tsx,
 * vitest) it is the small loader that registers TypeScript in the worker first; in the built app
 * it is compute-worker.js, an entry of its own in the main bundle (electron.vite.config.ts).
 */
export function defaultComputeWorkerUrl(): URL {
  const here = import.meta.url;
  return here.endsWith('.ts')
    ? new URL('./worker-from-source.mjs', here)
    : new URL('./compute-worker.js', here);
}
