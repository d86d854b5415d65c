import { describe, expect, it } from 'vitest';
import { autnumWithContacts } from '../../../../test/hostile/big-replies';
import { MalformedBodyError, type OffThreadRunner, type SourceHttp } from '../../core/plugin-api';
import type { RdapBootstrap } from './bootstrap';
import { queryAutnum } from './client';
import {
  OFF_THREAD_MIN_CHARS,
  RDAP_REGISTRATION_READ,
  readRegistration,
  registrationReader,
} from './registration-read';

const URL_ = 'https://rdap.example.test/autnum/64496';
const AUTNUM = { objectClass: 'autnum', number: 64496 } as const;

/** A runner that runs the task in place and records which tasks it was handed. */
function recordingRunner(): OffThreadRunner & { tasks: string[] } {
  const tasks: string[] = [];
  return {
    tasks,
    run: (task, input) => {
      tasks.push(task);
      return Promise.resolve(readRegistration(input as never));
    },
  };
}

describe('reading an RDAP registration reply', () => {
  it('hands a reply of 256 KB or more to the compute workers and reads an ordinary one in place', async () => {
    const runner = recordingRunner();
    const read = registrationReader(runner, AUTNUM, new AbortController().signal);
    const large = String(autnumWithContacts(64496, 3000).body);
    const ordinary = String(autnumWithContacts(64496, 2).body);
    expect(large.length).toBeGreaterThanOrEqual(OFF_THREAD_MIN_CHARS);

    const fromWorkers = await read(large, { url: URL_ });
    expect(runner.tasks).toEqual([RDAP_REGISTRATION_READ]);
    expect(fromWorkers).toMatchObject({
      objectClass: 'autnum',
      record: { number: 64496, handle: 'AS64496' },
    });
    await read(ordinary, { url: URL_ });
    expect(runner.tasks).toHaveLength(1);
  });

  it('keeps the checked reply as the record raw JSON text', () => {
    const text = String(autnumWithContacts(64496, 2).body);
    const read = readRegistration({ ...AUTNUM, text });
    expect('record' in read && JSON.parse(read.record.raw ?? '')).toEqual(JSON.parse(text));
  });

  it('fails a reply that is not the object asked for, or not JSON, as a malformed reply naming the URL', async () => {
    const read = registrationReader(recordingRunner(), AUTNUM, new AbortController().signal);
    await expect(read('{"errorCode":503}', { url: URL_ })).rejects.toThrow(MalformedBodyError);
    await expect(read('{"objectClassName":"domain"}', { url: URL_ })).rejects.toThrow(
      /malformed reply from .*rdap\.example\.test.*expected an autnum object/,
    );
    await expect(read('<html>busy</html>', { url: URL_, contentType: 'text/html' })).rejects.toThrow(
      MalformedBodyError,
    );
    await expect(read(`${'['.repeat(300)}${']'.repeat(300)}`, { url: URL_ })).rejects.toThrow(
      /nested deeper/,
    );
  });
});

describe('rdap/autsys and rdap/netblock requests', () => {
  it('have a large registration reply read by the compute workers, not parsed on the serving thread', async () => {
    const text = String(autnumWithContacts(64496, 3000).body);
    // An HTTP client that reads the body as the real one does: by the caller's readText if given.
    const http: SourceHttp = {
      getJson: async (url, options) => ({
        status: 200,
        url,
        headers: {},
        body: options?.readText === undefined ? JSON.parse(text) : await options.readText(text, { url }),
      }),
      postJson: () => Promise.reject(new Error('not used')),
    };
    const bootstrap = { getAutnumServer: () => Promise.resolve('https://rdap.example.test/') };
    const runner = recordingRunner();
    const record = await queryAutnum(
      { http, bootstrap: bootstrap as unknown as RdapBootstrap, offThread: runner },
      64496,
      new AbortController().signal,
    );
    expect(runner.tasks).toEqual([RDAP_REGISTRATION_READ]);
    expect(record).toMatchObject({ number: 64496, handle: 'AS64496', name: 'HOSTILE-CONTACTS' });
  });
});
