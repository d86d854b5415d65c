import { defineConfig } from 'vitest/config';

// Three Node tiers, told apart by file name:
//   *.test.ts       unit: pure, fixture-driven, fake clock, no network
//   *.int.test.ts   integration: real SQLite, real HTTP/TCP against fakes on 127.0.0.1
//   *.conf.test.ts  conformance: the same fakes fed with the recorded replies in $FIXTURES_DIR
const shared = { environment: 'node' as const, testTimeout: 30_000, hookTimeout: 30_000 };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/*.conf.test.ts', 'node_modules/**'],
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
