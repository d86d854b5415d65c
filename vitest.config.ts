import { defineConfig } from 'vitest/config';

// Four tiers, told apart by file name:
//   *.test.ts       unit: pure, fixture-driven, fake clock, no network
//   *.int.test.ts   integration: real SQLite, real HTTP/TCP against fakes on 127.0.0.1
//   *.conf.test.ts  conformance: the same fakes fed with the recorded replies in $FIXTURES_DIR
//   *.dom.test.tsx  renderer: real React components mounted in a jsdom document, driven with
//                   user events (docs/ui.md, "Renderer tests")
const shared = { environment: 'node' as const, testTimeout: 30_000, hookTimeout: 30_000 };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'src/**/*.test.tsx',
            'test/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/*.conf.test.ts', '**/*.dom.test.*', 'node_modules/**'],
        },
      },
      {
        test: {
          ...shared,
          environment: 'jsdom',
          name: 'renderer',
          include: ['src/renderer/**/*.dom.test.ts', 'src/renderer/**/*.dom.test.tsx'],
          setupFiles: ['src/renderer/dom-test/setup.ts'],
        },
      },
      {
        test: {
          ...shared,
          name: 'integration',
          include: ['src/**/*.int.test.ts', 'test/**/*.int.test.ts'],
        },
      },
      {
        test: {
          ...shared,
          name: 'conformance',
          include: ['src/**/*.conf.test.ts', 'test/**/*.conf.test.ts'],
        },
      },
    ],
  },
});
