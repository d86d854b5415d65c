/**
 * Opening the web host in the system browser without exposing its token. A command line is
 * readable by every local user (`ps`), so the browser is given a file instead of the address: a
 * redirect page in a private directory (0700), itself readable only by the user (0600), that
 * sends the browser on to the address with the token in its fragment. The Jupyter notebook
 * server opens its browser the same way.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface RedirectFile {
  /** Absolute path of the page (inside its own 0700 directory). */
  readonly file: string;
  /** Deletes the page and its directory. */
  remove(): Promise<void>;
}

/** Writes the redirect page for `url`; only the owner can read it or list its directory. */
export async function writeRedirectFile(url: string, parent = os.tmpdir()): Promise<RedirectFile> {
  const dir = await mkdtemp(path.join(parent, 'trace-graph-open-'));
  const file = path.join(dir, 'open.html');
  await writeFile(file, redirectPage(url), { mode: 0o600, flag: 'wx' });
  return { file, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A page that sends the browser to `url` at once (with a link for browsers that block it). */
export function redirectPage(url: string): string {
  const attribute = escapeHtml(url);
  return [
    '<!doctype html>',
    '<html><head><meta charset="utf-8">',
    `<meta http-equiv="refresh" content="0;url=${attribute}">`,
    '<title>Opening Trace Graph</title></head>',
    `<body><p><a href="${attribute}">Open Trace Graph</a></p></body></html>`,
    '',
  ].join('\n');
}

export type Launcher = (command: string, args: string[]) => void;

const defaultLauncher: Launcher = (command, args) => {
  try {
    execFile(command, args, { timeout: 10_000 }, () => undefined).unref();
  } catch {
    // no browser opener on this machine
  }
};

/**
 * Opens the address through a redirect file; the launcher's command line holds only the file's
 * URL. Returns the file so the caller removes it when the host stops. Failure is not an error.
 */
export async function openInBrowser(
  url: string,
  options: { launcher?: Launcher; platform?: NodeJS.Platform; parent?: string } = {},
): Promise<RedirectFile> {
  const redirect = await writeRedirectFile(url, options.parent);
  const platform = options.platform ?? process.platform;
  const command = platform === 'darwin' ? 'open' : platform === 'win32' ? 'explorer' : 'xdg-open';
  (options.launcher ?? defaultLauncher)(command, [pathToFileURL(redirect.file).href]);
  return redirect;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
