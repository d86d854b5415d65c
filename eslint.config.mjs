// Lint gate: type-checked TypeScript rules plus the import boundaries between the source roots
// (shared <- engine <- main; the renderer talks only to the bridge). Prettier owns formatting.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const engineWide = [
  { group: ['electron'], message: 'The engine is plain Node: Electron belongs in src/main/electron.' },
  {
    group: ['**/main/**', '**/preload/**', '**/renderer/**'],
    message: 'The engine must not depend on hosts or UI; expose what they need from src/engine/index.ts.',
  },
];

/** One lint block per engine layer: the engine-wide rules plus the sibling folders it may not import. */
function engineZones(zones) {
  return zones.map(({ files, forbid, why }) => ({
    files,
    ignores: forbid.length === 0 ? [] : ['**/*.test.ts'],
    rules: restrict([
      ...engineWide,
      ...(forbid.length === 0
        ? []
        : [
            {
              group: [
                ...forbid.map((layer) => `**/engine/${layer}/**`),
                ...forbid.map((layer) => `../${layer}/**`),
                ...forbid.map((layer) => `../../${layer}/**`),
                '**/engine/engine',
                '**/engine/index',
                '**/engine/engine-types',
              ],
              message: why,
            },
          ]),
    ]),
  }));
}

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'out/',
      'dist/',
      'test-results/',
      'playwright-report/',
      '.artifacts/',
      'coverage/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.mjs', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      curly: 'error',
    },
  },
  {
    files: ['**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: restrict([
      {
        group: ['electron', 'node:*'],
        message: 'src/shared is pure contracts: no Node or Electron imports.',
      },
      {
        group: ['**/engine/**', '**/main/**', '**/preload/**', '**/renderer/**'],
        message: 'src/shared may import only other shared files.',
      },
    ]),
  },
  // Layers inside the engine, lowest first (model: VS Code's layer allow-lists):
  //   util <- net, graph, config, credentials <- core <- events <- engine.ts (composition)
  //   support (shared parsers for names, addresses, phones...) serves plugins only;
  //   plugins reach the engine through core/plugin-api only, never the store or the dispatcher.
  // A later block for the same file replaces the rule's options, so every zone restates the
  // engine-wide restrictions.
  ...engineZones([
    { files: ['src/engine/**/*.ts'], forbid: [] },
    {
      files: ['src/engine/util/**/*.ts'],
      forbid: ['net', 'graph', 'config', 'credentials', 'core', 'events', 'plugins', 'support'],
      why: 'util is the bottom layer: it imports nothing else from the engine.',
    },
    {
      files: [
        'src/engine/net/**/*.ts',
        'src/engine/graph/**/*.ts',
        'src/engine/config/**/*.ts',
        'src/engine/credentials/**/*.ts',
      ],
      forbid: ['core', 'events', 'plugins', 'support'],
      why: 'net, graph, config and credentials sit below the engine core and the plugins.',
    },
    {
      files: ['src/engine/support/**/*.ts'],
      forbid: ['core', 'events', 'plugins'],
      why: 'support is used by plugins; it depends only on the layers below the core.',
    },
    {
      files: ['src/engine/core/**/*.ts'],
      forbid: ['events', 'plugins', 'support'],
      why: 'the engine core knows plugins only through the plugin API it defines.',
    },
    {
      files: ['src/engine/events/**/*.ts'],
      forbid: ['plugins', 'support'],
      why: 'the dispatcher runs handlers through the core; it never names a plugin.',
    },
    {
      files: ['src/engine/plugins/**/*.ts'],
      forbid: ['events', 'graph'],
      why: 'plugins reach the engine through core/plugin-api: never the store or the dispatcher.',
    },
  ]),
  {
    files: ['src/main/**/*.ts'],
    ignores: ['src/main/electron/**'],
    rules: restrict([
      {
        group: ['electron'],
        message: 'Only src/main/electron may import electron (the web host and CLI run without it).',
      },
      {
        group: ['**/renderer/**', '**/preload/**'],
        message: 'main talks to the renderer only over the IPC contract.',
      },
      {
        group: ['**/engine/*/**', '!**/engine/index'],
        message: 'Import the engine through src/engine/index.ts only.',
      },
    ]),
  },
  {
    files: ['src/main/electron/**/*.ts'],
    rules: restrict([
      {
        group: ['**/renderer/**', '**/preload/**'],
        message: 'main talks to the renderer only over the IPC contract.',
      },
      { group: ['**/engine/*/**'], message: 'Import the engine through src/engine/index.ts only.' },
    ]),
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: restrict([
      {
        group: ['**/engine/**', '**/main/**', '**/renderer/**', 'node:*'],
        message: 'The preload exposes the bridge only: import electron and src/shared/ipc.',
      },
    ]),
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict([
        {
          group: ['electron', 'node:*'],
          message: 'The renderer runs in a sandbox: use window.api through src/renderer/api.ts.',
        },
        {
          group: ['**/engine/**', '**/main/**', '**/preload/**'],
          message: 'The renderer talks only to the bridge (window.api) and imports src/shared.',
        },
      ]),
    },
  },
  {
    // Test support (fakes, harnesses, fixtures) serves tests only; product code never depends on it.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportDeclaration[source.value=/(^|\\/)test\\//]',
          message: 'Product code must not import test support (test/): move what it needs into src.',
        },
      ],
      // A product module past 500 lines holds more than one idea: split it (docs/architecture.md).
      'max-lines': ['error', { max: 500 }],
      // A function a newcomer can read: at most 150 lines of code (blank and comment lines do not
      // count; a bigger one becomes named module-level steps with explicit inputs).
      'max-lines-per-function': [
        'error',
        { max: 150, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'test/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  prettier,
);
