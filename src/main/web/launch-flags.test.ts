import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../../test/support/fixtures-dir';
import { WEB_HOST_NODE_FLAGS } from './launch';

/** The arguments given to tsx before launch.ts in `text` (a package.json script or a spawn call). */
function flagsBeforeLaunch(text: string): string[] {
  const launch = text.indexOf('src/main/web/launch.ts');
  expect(launch, 'launches the web host').toBeGreaterThan(-1);
  const before = text.slice(text.lastIndexOf('tsx', launch), launch);
  return [...before.matchAll(/--[a-z-]+=\w+/g)].map((match) => match[0]);
}

describe('web host launchers', () => {
  it('npm run web, npm start and npm run demo all start it with WEB_HOST_NODE_FLAGS', () => {
    const read = (file: string): string => readFileSync(path.join(repositoryRoot, file), 'utf8');
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(flagsBeforeLaunch(scripts.web ?? '')).toEqual(WEB_HOST_NODE_FLAGS);
    expect(flagsBeforeLaunch(read('scripts/start.mjs'))).toEqual(WEB_HOST_NODE_FLAGS);
    expect(read('scripts/demo.ts')).toMatch(/\[\.\.\.WEB_HOST_NODE_FLAGS, 'src\/main\/web\/launch\.ts'/);
  });
});
