import { ConfigReader } from '@backstage/config';
import { mockCredentials } from '@backstage/backend-test-utils';
import { startScorecardBackend } from '../__faults__/__testUtils__/inProcessBackend';
import {
  DEFAULT_WRITE_RATE_LIMIT,
  readWriteRateLimit,
  WriteRateLimiter,
} from './writeRateLimit';

jest.setTimeout(60_000);

describe('WriteRateLimiter', () => {
  it('allows maxWrites per caller in any window, then says how long to wait', () => {
    let now = 1_000_000;
    const limiter = new WriteRateLimiter(
      { maxWrites: 3, windowSeconds: 10 },
      () => now,
    );
    expect([1, 2, 3].map(() => limiter.take('ana'))).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(limiter.take('ana')).toBe(10);
    expect(limiter.take('bob')).toBeUndefined();
    now += 4_000;
    expect(limiter.take('ana')).toBe(6);
    // refused writes do not count: the oldest write leaves the window on time
    now += 6_001;
    expect(limiter.take('ana')).toBeUndefined();
  });

  it('is off with maxWrites 0', () => {
    const limiter = new WriteRateLimiter({ maxWrites: 0, windowSeconds: 1 });
    for (let i = 0; i < 1000; i++) expect(limiter.take('ana')).toBeUndefined();
  });

  it('reads its config and names a bad key', () => {
    expect(readWriteRateLimit(new ConfigReader({}))).toEqual(
      DEFAULT_WRITE_RATE_LIMIT,
    );
    const config = (writeRateLimit: object) =>
      new ConfigReader({ extensionScorecard: { api: { writeRateLimit } } });
    expect(readWriteRateLimit(config({ maxWrites: 5 }))).toEqual({
      maxWrites: 5,
      windowSeconds: 60,
    });
    expect(() => readWriteRateLimit(config({ maxWrites: -1 }))).toThrow(
      /extensionScorecard\.api\.writeRateLimit\.maxWrites/,
    );
    expect(() => readWriteRateLimit(config({ windowSeconds: 0.5 }))).toThrow(
      /writeRateLimit\.windowSeconds/,
    );
  });
});

describe('write rate limit through the plugin', () => {
  it('answers 429 with a message and Retry-After over the limit, per caller, writing nothing; reads are not limited', async () => {
    const scorecard = await startScorecardBackend({
      clusters: [],
      config: {
        extensionScorecard: {
          api: { writeRateLimit: { maxWrites: 3, windowSeconds: 60 } },
        },
      },
    });
    try {
      const post = (user?: string) => {
        const request = scorecard.api
          .post(`${scorecard.base}/waivers`)
          .send({ component: 'component:default/kyverno' });
        return user
          ? request.set('authorization', mockCredentials.user.header(user))
          : request;
      };
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await post('user:default/ana')).status);
      expect(statuses).toEqual([400, 400, 400]);

      const [{ n: before }] = await scorecard.knex('waivers').count({ n: '*' });
      const limited = await post('user:default/ana');
      expect(limited.status).toBe(429);
      expect(limited.body.error.message).toMatch(
        /^Too many writes: at most 3 in 60 s per caller; retry in \d+ s$/,
      );
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      const [{ n: after }] = await scorecard.knex('waivers').count({ n: '*' });
      expect(after).toEqual(before);

      // another caller, an anonymous caller and reads are unaffected
      expect((await post('user:default/bob')).status).toBe(400);
      expect((await post()).status).toBe(401);
      const read = await scorecard.api
        .get(`${scorecard.base}/checks`)
        .set('authorization', mockCredentials.user.header('user:default/ana'));
      expect(read.status).toBe(200);
    } finally {
      await scorecard.stop();
    }
  });
});
