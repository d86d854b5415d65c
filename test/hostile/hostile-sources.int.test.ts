/**
 * Every hostile reply of the catalogue against every HTTP source, through the real engine: the
 * run finishes, nothing from the refused reply is stored, the failure is readable and typed, and
 * no request reaches an internal address.
 */
import { describe, expect, it } from 'vitest';
import { HOSTILE_CASES, MARKUP, withMarkupInEveryField } from './hostile-replies';
import { API_KEY, runHostile, SOURCE_TARGETS } from './hostile-source';

/** One line of printable text, short enough to read: no control character, at most 400 long. */
function expectReadable(message: string): void {
  expect(message.length).toBeGreaterThan(0);
  expect(message.length).toBeLessThanOrEqual(400);
  expect([...message].filter((character) => character < ' ' || character === '\u007f')).toEqual([]);
}

describe.each(SOURCE_TARGETS)('$source ($seed.type seed) as a hostile source', (target) => {
  const seedId = `${target.seed.type}:`;

  const cases = HOSTILE_CASES.filter(
    (hostile) => !(hostile.needsWireSchema === true && target.wireSchemaPending?.() === true),
  );

  it.each(cases)('$name: a readable $code failure and nothing stored', async (hostile) => {
    const run = await runHostile(target, (_request, _forward, context) =>
      Promise.resolve(hostile.reply(context)),
    );
    expect(run.progress.state).toBe('done');
    expect(run.progress.failures.length).toBeGreaterThan(0);
    for (const failure of run.progress.failures) {
      expect(failure.source).toBe(target.source);
      expect(failure.code).toBe(hostile.code);
      expectReadable(failure.message);
      expect(failure.message).toMatch(hostile.message);
      if (hostile.namesServer ?? true) {
        expect(failure.message).toContain(new URL(run.proxyUrl).host);
      }
    }
    expect(run.entityIds.every((id) => id.startsWith(seedId))).toBe(true);
    expect(run.entityIds).toHaveLength(1);
    expect(run.internalRequests).toHaveLength(0);
    expect(run.caseFileText).not.toContain('INTERNAL-SECRET');
  });

  it('stores markup from every free-text field as inert text, exactly as sent', async () => {
    const run = await runHostile(target, async (_request, forward) => {
      const reply = await forward();
      const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
      try {
        return { ...reply, body: JSON.stringify(withMarkupInEveryField(JSON.parse(text))) };
      } catch {
        return reply;
      }
    });
    expect(run.progress.state).toBe('done');
    for (const failure of run.progress.failures) {
      expect(failure.code).not.toBe('handler_error');
      expectReadable(failure.message);
    }
    // Whatever text reached the graph keeps the markup as it was sent: never parsed, never stripped.
    expect(run.entityIds.length).toBeGreaterThan(1);
    expect(run.storedText).toContain(JSON.stringify(MARKUP).slice(1, -1));
    expect(run.caseFileText).not.toContain(API_KEY);
  });
});

describe.each(SOURCE_TARGETS.filter((target) => target.source !== 'CompanyData'))(
  '$source ($seed.type seed) replies that refer the engine onwards',
  (target) => {
    it('are refused when they point at an internal server, and nothing is fetched from it', async () => {
      const run = await runHostile(target, (_request, forward) => forward(), { referToInternal: true });
      expect(run.progress.state).toBe('done');
      // Refused by the destination policy, or earlier by the plugin's own rule (GLEIF keeps
      // pagination on the registry's origin); either way a failure that names the server.
      const internalHost = new URL(run.internalUrl).host;
      const refusals = run.progress.failures.filter((failure) => failure.message.includes(internalHost));
      expect(refusals.length).toBeGreaterThan(0);
      for (const refusal of refusals) {
        expect(['destination_refused', 'malformed_body']).toContain(refusal.code);
        expectReadable(refusal.message);
      }
      expect(run.internalRequests).toHaveLength(0);
      expect(run.caseFileText).not.toContain('INTERNAL-SECRET');
    });
  },
);
