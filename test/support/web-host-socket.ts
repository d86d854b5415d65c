/** Test support: a served folder for the loopback web host and an app client's authenticated socket. */
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';

/** A temporary folder holding a minimal index.html, as the browser build's static folder. */
export async function staticDirWithIndex(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>app</title>');
  return dir;
}

/** An open WebSocket to the host on `port`, presenting `token` and the page's own origin. */
export function connectAppSocket(port: number, token: string): Promise<WebSocket> {
  return openAppSocket(`127.0.0.1:${port}`, `http://127.0.0.1:${port}`, token);
}

/** An open WebSocket to the host at `host` (name:port), as the bridge of a page from `origin` opens it. */
export function openAppSocket(host: string, origin: string, token: string): Promise<WebSocket> {
  const socket = new WebSocket(`ws://${host}/ws`, ['trace-graph', `tg-token.${token}`], {
    headers: { origin },
  });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}
