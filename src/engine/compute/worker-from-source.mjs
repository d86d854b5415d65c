// The compute worker when the app runs from its TypeScript sources (tsx, vitest): TypeScript
// loading is registered in this thread (a worker does not inherit a test runner's transform),
// then the entry is imported. The built app starts compute-worker.js directly.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
