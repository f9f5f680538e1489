/**
 * Guards of the plugin's own routes against slow and piled-up requests. The plugin
 * cannot set the HTTP server's timeouts (the backend owns the server; see the README
 * for the ones an adopter should set), but it can refuse to be held by its callers:
 *
 * - A request body not fully received within `bodyTimeoutMs` of the request reaching
 *   the plugin is given up on: 408 with a message (when nothing was answered yet),
 *   then the socket is destroyed. A client that declares 1 KiB and sends half of it
 *   no longer holds a socket for Node's default `requestTimeout` (300 s).
 * - At most `maxConcurrentRequestsPerClient` unfinished requests per client address
 *   (`req.ip`: the socket's remote address, or the forwarded one when
 *   `backend.trustProxy` is set); above it 429 with a message and the connection is
 *   closed. A slot is released when the response finishes or the socket closes.
 *
 * Config: `extensionScorecard.api.bodyTimeoutSeconds` (default 10) and
 * `extensionScorecard.api.maxConcurrentRequestsPerClient` (default 10, 0 turns the
 * cap off).
 */
import { Config } from '@backstage/config';
import { CustomErrorBase } from '@backstage/errors';
import express from 'express';

/** The limits; times in milliseconds so that tests can use short ones. */
export interface RequestLimitSettings {
  /** Longest wait for a request body, from the request reaching the plugin. */
  bodyTimeoutMs: number;
  /** Unfinished requests allowed per client address; 0 turns the cap off. */
  maxConcurrentRequestsPerClient: number;
}

/** A body within 10 s; 10 unfinished requests per client. */
export const DEFAULT_REQUEST_LIMITS: RequestLimitSettings = {
  bodyTimeoutMs: 10_000,
  maxConcurrentRequestsPerClient: 10,
};

/** Longest configurable body deadline: Node's default `requestTimeout`. */
const MAX_BODY_TIMEOUT_SECONDS = 300;

/**
 * Reads and validates `extensionScorecard.api.bodyTimeoutSeconds` and
 * `extensionScorecard.api.maxConcurrentRequestsPerClient`.
 */
export function readRequestLimits(config: Config): RequestLimitSettings {
  const key = 'extensionScorecard.api';
  const seconds =
    config.getOptionalNumber(`${key}.bodyTimeoutSeconds`) ??
    DEFAULT_REQUEST_LIMITS.bodyTimeoutMs / 1000;
  if (
    !Number.isFinite(seconds) ||
    seconds <= 0 ||
    seconds > MAX_BODY_TIMEOUT_SECONDS
  ) {
    throw new Error(
      `Invalid config at ${key}.bodyTimeoutSeconds: expected seconds above 0 and at most ${MAX_BODY_TIMEOUT_SECONDS}, got ${seconds}`,
    );
  }
  const max =
    config.getOptionalNumber(`${key}.maxConcurrentRequestsPerClient`) ??
    DEFAULT_REQUEST_LIMITS.maxConcurrentRequestsPerClient;
  if (!Number.isInteger(max) || max < 0) {
    throw new Error(
      `Invalid config at ${key}.maxConcurrentRequestsPerClient: expected a whole number >= 0, got ${max}`,
    );
  }
  return {
    bodyTimeoutMs: Math.round(seconds * 1000),
    maxConcurrentRequestsPerClient: max,
  };
}

/** A client has too many unfinished requests (HTTP 429). */
export class TooManyConcurrentRequestsError extends CustomErrorBase {
  readonly statusCode = 429;
}

/** Whether the request declares a body (RFC 9112 §6.3). */
function declaresBody(req: express.Request): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = req.headers['content-length'];
  return length !== undefined && length !== '0';
}

/** Express middleware enforcing `settings`; mount it before anything reads a body. */
export function requestLimits(
  settings: RequestLimitSettings,
): express.RequestHandler {
  const unfinished = new Map<string, number>();
  const { bodyTimeoutMs, maxConcurrentRequestsPerClient: max } = settings;

  return (req, res, next) => {
    if (max > 0) {
      const client = req.ip ?? req.socket.remoteAddress ?? 'unknown';
      const count = unfinished.get(client) ?? 0;
      if (count >= max) {
        // the body is not read: close the connection rather than wait for it
        res.setHeader('Connection', 'close');
        res.setHeader('Retry-After', '1');
        next(
          new TooManyConcurrentRequestsError(
            `Too many unfinished requests from your address: at most ${max} at a time (extensionScorecard.api.maxConcurrentRequestsPerClient)`,
          ),
        );
        return;
      }
      unfinished.set(client, count + 1);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        const left = (unfinished.get(client) ?? 1) - 1;
        if (left > 0) unfinished.set(client, left);
        else unfinished.delete(client);
      };
      res.once('finish', release);
      res.once('close', release);
    }

    if (bodyTimeoutMs > 0 && declaresBody(req) && !req.complete) {
      const timer = setTimeout(() => {
        if (req.complete) return;
        const socket = req.socket;
        if (res.headersSent) {
          socket.destroy();
          return;
        }
        res.once('finish', () => socket.destroy());
        res
          .status(408)
          .set('Connection', 'close')
          .json({
            error: {
              name: 'RequestTimeoutError',
              message: `The request body was not received within ${
                bodyTimeoutMs / 1000
              } s (extensionScorecard.api.bodyTimeoutSeconds)`,
            },
            request: { method: req.method, url: req.url },
            response: { statusCode: 408 },
          });
      }, bodyTimeoutMs);
      timer.unref();
      const stop = () => clearTimeout(timer);
      req.once('end', stop);
      res.once('finish', stop);
      res.once('close', stop);
    }
    next();
  };
}
