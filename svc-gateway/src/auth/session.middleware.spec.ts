import type { SessionData } from 'express-session';
import { RenewalThrottledRedisStore } from './session.middleware';

/** Just the two commands the store sends here, counted. */
function countingRedis() {
  const sent: string[] = [];
  return {
    sent,
    client: {
      expire: async (key: string, seconds: number) => {
        sent.push(`EXPIRE ${key} ${seconds}`);
        return 1;
      },
      del: async (keys: string[]) => {
        sent.push(`DEL ${keys.join(' ')}`);
        return keys.length;
      },
    },
  };
}

const session = { cookie: { originalMaxAge: 1_800_000, expires: new Date(Date.now() + 1_800_000) } } as unknown as SessionData;

describe('RenewalThrottledRedisStore', () => {
  let now = 0;
  beforeEach(() => {
    now = 1_000_000;
  });

  function storeOn(redis: ReturnType<typeof countingRedis>) {
    return new RenewalThrottledRedisStore({ client: redis.client as never, prefix: 'sess:' }, 60_000, () => now);
  }

  it('renews a session in Redis once per interval, however many calls it makes', async () => {
    const redis = countingRedis();
    const store = storeOn(redis);
    for (let call = 0; call < 5; call += 1) {
      await new Promise<void>((resolve) => void store.touch('a', session, () => resolve()));
      now += 10_000;
    }
    // Calls at 0, 10, 20, 30 and 40 s: one renewal.
    expect(redis.sent.filter((command) => command.startsWith('EXPIRE sess:a'))).toHaveLength(1);
    now += 10_000;
    await store.touch('a', session);
    expect(redis.sent.filter((command) => command.startsWith('EXPIRE sess:a'))).toHaveLength(2);
  });

  it('renews each session apart, and a signed-out session is deleted at once', async () => {
    const redis = countingRedis();
    const store = storeOn(redis);
    await store.touch('a', session);
    await store.touch('b', session);
    await store.destroy('a');
    expect(redis.sent).toEqual([expect.stringMatching(/^EXPIRE sess:a /), expect.stringMatching(/^EXPIRE sess:b /), 'DEL sess:a']);
  });
});
