/**
 * Rate limit of the write endpoints (every POST), per caller and per backend replica:
 * at most `maxWrites` in any `windowSeconds`. Reads are never limited. Over the limit
 * the API answers 429 with a message and `Retry-After`, and nothing is written.
 * Config: `extensionScorecard.api.writeRateLimit` (`maxWrites: 0` turns it off).
 */
import { Config } from '@backstage/config';
import { CustomErrorBase } from '@backstage/errors';
import express from 'express';

/** How many writes a caller may make. */
export interface WriteRateLimitSettings {
  /** Writes allowed per caller in one window; 0 disables the limit. */
  maxWrites: number;
  windowSeconds: number;
}

/** 60 writes a minute per caller. */
export const DEFAULT_WRITE_RATE_LIMIT: WriteRateLimitSettings = {
  maxWrites: 60,
  windowSeconds: 60,
};

/** Reads and validates `extensionScorecard.api.writeRateLimit`. */
export function readWriteRateLimit(config: Config): WriteRateLimitSettings {
  const key = 'extensionScorecard.api.writeRateLimit';
  const section = config.getOptionalConfig(key);
  const settings = {
    maxWrites:
      section?.getOptionalNumber('maxWrites') ??
      DEFAULT_WRITE_RATE_LIMIT.maxWrites,
    windowSeconds:
      section?.getOptionalNumber('windowSeconds') ??
      DEFAULT_WRITE_RATE_LIMIT.windowSeconds,
  };
  if (!Number.isInteger(settings.maxWrites) || settings.maxWrites < 0) {
    throw new Error(
      `Invalid config at ${key}.maxWrites: expected a whole number >= 0, got ${settings.maxWrites}`,
    );
  }
  if (
    !Number.isInteger(settings.windowSeconds) ||
    settings.windowSeconds < 1 ||
    settings.windowSeconds > 86_400
  ) {
    throw new Error(
      `Invalid config at ${key}.windowSeconds: expected whole seconds between 1 and 86400, got ${settings.windowSeconds}`,
    );
  }
  return settings;
}

/** A caller went over the write rate limit (HTTP 429). */
export class TooManyWritesError extends CustomErrorBase {
  readonly statusCode = 429;
}

/** Callers tracked at most; older windows are dropped first. */
const MAX_CALLERS = 10_000;

/** Sliding-window counts of writes per caller. */
export class WriteRateLimiter {
  private readonly writes = new Map<string, number[]>();

  constructor(
    readonly settings: WriteRateLimitSettings,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts one write of `caller`. Returns the seconds to wait when it is over the
   * limit (the write must then be refused), else undefined.
   */
  take(caller: string): number | undefined {
    const { maxWrites, windowSeconds } = this.settings;
    if (maxWrites === 0) return undefined;
    const now = this.now();
    const since = now - windowSeconds * 1000;
    const recent = (this.writes.get(caller) ?? []).filter(t => t > since);
    if (recent.length >= maxWrites) {
      this.writes.set(caller, recent);
      return Math.max(1, Math.ceil((recent[0] - since) / 1000));
    }
    recent.push(now);
    this.writes.delete(caller);
    this.writes.set(caller, recent);
    if (this.writes.size > MAX_CALLERS) {
      this.writes.delete(this.writes.keys().next().value!);
    }
    return undefined;
  }

  /**
   * Express middleware refusing writes over the limit. `callerOf` names the caller
   * (undefined for unauthenticated requests, which the routes answer with 401).
   */
  middleware(
    callerOf: (req: express.Request) => Promise<string | undefined>,
  ): express.RequestHandler {
    return (req, res, next) => {
      if (req.method === 'GET' || req.method === 'HEAD') {
        next();
        return;
      }
      callerOf(req).then(
        caller => {
          const wait = caller === undefined ? undefined : this.take(caller);
          if (wait === undefined) {
            next();
            return;
          }
          res.setHeader('Retry-After', String(wait));
          next(
            new TooManyWritesError(
              `Too many writes: at most ${this.settings.maxWrites} in ${this.settings.windowSeconds} s per caller; retry in ${wait} s`,
            ),
          );
        },
        () => next(),
      );
    };
  }
}
