import { describe, expect, it } from 'vitest';
import { captureReplies, MAX_REPLIES_PER_RUN, MAX_REPLY_CHARS, recordReply } from './reply-capture';

const later = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

describe('capturing the replies of a handler run', () => {
  it('keeps each concurrent run its own replies', async () => {
    const [first, second] = await Promise.all([
      captureReplies(async () => {
        await later();
        recordReply('https://a.example/1', 'first', 1);
      }),
      captureReplies(async () => {
        recordReply('https://b.example/1', 'second', 2);
        await later();
      }),
    ]);
    expect(first.replies.map((reply) => reply.text)).toEqual(['first']);
    expect(second.replies.map((reply) => reply.text)).toEqual(['second']);
  });

  it('keeps nothing outside a run', () => {
    expect(() => recordReply('https://a.example/', 'ignored', 0)).not.toThrow();
  });

  it('keeps at most the first replies of a run, each cut to a bounded length with a note', async () => {
    const { replies } = await captureReplies(() => {
      recordReply('https://a.example/big', 'x'.repeat(MAX_REPLY_CHARS + 10), 0);
      for (let page = 0; page < MAX_REPLIES_PER_RUN + 5; page += 1) {
        recordReply(`https://a.example/${page}`, 'page', 0);
      }
      return Promise.resolve();
    });
    expect(replies).toHaveLength(MAX_REPLIES_PER_RUN);
    expect(replies[0]?.text).toContain(`[cut: the reply had ${MAX_REPLY_CHARS + 10} characters]`);
  });
});
