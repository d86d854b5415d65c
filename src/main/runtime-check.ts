/**
 * The Node.js the hosts need, checked before anything loads the native SQLite module: under an
 * older Node, better-sqlite3 13 crashes the process (a segfault, exit 139) instead of failing.
 * This file imports nothing, so an entry point can run it first and load the rest afterwards.
 */

/** Keep in step with package.json `engines.node` (better-sqlite3 13 needs 22; Vite 8 needs 22.12). */
export const REQUIRED_NODE = { major: 22, minor: 12 } as const;

/** Why this Node cannot run the app, or undefined when it can. `version` as in `process.versions.node`. */
export function unsupportedRuntime(version: string): string | undefined {
  const [major = 0, minor = 0] = version.split('.').map((part) => Number.parseInt(part, 10) || 0);
  const supported =
    major > REQUIRED_NODE.major || (major === REQUIRED_NODE.major && minor >= REQUIRED_NODE.minor);
  return supported
    ? undefined
    : `Trace Graph needs Node.js ${REQUIRED_NODE.major}.${REQUIRED_NODE.minor} or newer; this is Node.js ` +
        `${version}. Run it through npm (npm run cli / npm run web use the project's own Node) or ` +
        `install a newer Node.`;
}
