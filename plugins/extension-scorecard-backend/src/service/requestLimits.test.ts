/**
 * The body deadline and the per-client cap of unfinished requests, over real sockets
 * (node:net): an express app with the middleware, the plugin's router built by
 * createRouter, and the whole plugin wired by plugin.ts in a test backend.
 */
import { once } from 'node:events';
import http from 'node:http';
import net, { AddressInfo } from 'node:net';
import { ConfigReader } from '@backstage/config';
import {
  mockCredentials,
  mockErrorHandler,
  mockServices,
} from '@backstage/backend-test-utils';
import express from 'express';
import { startScorecardBackend } from '../__faults__/__testUtils__/inProcessBackend';
import {
  DEFAULT_REQUEST_LIMITS,
  readRequestLimits,
  requestLimits,
  type RequestLimitSettings,
} from './requestLimits';
import { createRouter } from './router';

jest.setTimeout(60_000);

/** What a raw client saw: the response text and whether the server closed. */
interface RawExchange {
  socket: net.Socket;
  /** Resolves with everything received once the server closes the connection. */
  closed: Promise<string>;
  /** Everything received so far. */
  received(): string;
}

function connect(port: number, text: string): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    let data = '';
    const socket = net.connect(port, '127.0.0.1');
    const closed = new Promise<string>(r => socket.on('close', () => r(data)));
    socket.setEncoding('utf8');
    socket.on('data', chunk => {
      data += chunk;
    });
    socket.on('error', () => {}); // a reset counts as closed
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.write(text);
      resolve({ socket, closed, received: () => data });
    });
  });
}

/** Headers declaring `length` bytes of JSON body, plus `sent` of them. */
function partial(
  method: string,
  path: string,
  length: number,
  sent: string,
  headers: Record<string, string> = {},
) {
  const extra = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  return `${method} ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n${extra}\r\n${sent}`;
}

function statusOf(response: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1]);
}

function bodyOf(response: string): any {
  return JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4));
}

async function until(condition: () => boolean) {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition never held');
    await new Promise(r => setTimeout(r, 5));
  }
}

/** An express app with the middleware first, like the plugin's router. */
async function startApp(settings: RequestLimitSettings) {
  const app = express();
  app.set('trust proxy', true); // lets a test speak for several client addresses
  let arrived = 0;
  const pending: Array<() => void> = [];
  app.use((_req, _res, next) => {
    arrived += 1;
    next();
  });
  app.use(requestLimits(settings));
  app.use(express.json());
  app.post('/echo', (req, res) => {
    res.json(req.body);
  });
  app.get('/hold', (_req, res) => {
    pending.push(() => res.json({ released: true }));
  });
  app.use(mockErrorHandler());
  const server = http.createServer(app);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    arrived: () => arrived,
    /** Answers every request held at GET /hold. */
    releaseHeld() {
      pending.splice(0).forEach(answer => answer());
    },
    held: () => pending.length,
    async stop() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

describe('readRequestLimits', () => {
  it('defaults to a 10 s body deadline and 10 unfinished requests per client', () => {
    expect(readRequestLimits(new ConfigReader({}))).toEqual({
      bodyTimeoutMs: 10_000,
      maxConcurrentRequestsPerClient: 10,
    });
    expect(DEFAULT_REQUEST_LIMITS).toEqual({
      bodyTimeoutMs: 10_000,
      maxConcurrentRequestsPerClient: 10,
    });
  });

  it('reads extensionScorecard.api.bodyTimeoutSeconds and maxConcurrentRequestsPerClient', () => {
    expect(
      readRequestLimits(
        new ConfigReader({
          extensionScorecard: {
            api: { bodyTimeoutSeconds: 2.5, maxConcurrentRequestsPerClient: 0 },
          },
        }),
      ),
    ).toEqual({ bodyTimeoutMs: 2500, maxConcurrentRequestsPerClient: 0 });
  });

  it.each([
    [{ bodyTimeoutSeconds: 0 }, /bodyTimeoutSeconds.*got 0/],
    [{ bodyTimeoutSeconds: -1 }, /bodyTimeoutSeconds.*got -1/],
    [{ bodyTimeoutSeconds: 301 }, /bodyTimeoutSeconds.*at most 300/],
    [{ maxConcurrentRequestsPerClient: -1 }, /maxConcurrentRequestsPerClient/],
    [{ maxConcurrentRequestsPerClient: 1.5 }, /maxConcurrentRequestsPerClient/],
  ])('refuses %j naming the key', (api, message) => {
    expect(() =>
      readRequestLimits(new ConfigReader({ extensionScorecard: { api } })),
    ).toThrow(message);
  });
});

describe('requestLimits', () => {
  let app: Awaited<ReturnType<typeof startApp>> | undefined;
  const open: net.Socket[] = [];
  afterEach(async () => {
    open.splice(0).forEach(s => s.destroy());
    await app?.stop();
    app = undefined;
  });
  const client = async (text: string) => {
    const exchange = await connect(app!.port, text);
    open.push(exchange.socket);
    return exchange;
  };

  it('answers 408 and closes the socket when a declared body does not arrive within the deadline', async () => {
    app = await startApp({
      bodyTimeoutMs: 100,
      maxConcurrentRequestsPerClient: 10,
    });
    const started = Date.now();
    const half = await client(partial('POST', '/echo', 100, '{"a":"12345'));
    const response = await half.closed;
    const elapsed = Date.now() - started;
    expect(statusOf(response)).toBe(408);
    expect(bodyOf(response).error).toEqual({
      name: 'RequestTimeoutError',
      message:
        'The request body was not received within 0.1 s (extensionScorecard.api.bodyTimeoutSeconds)',
    });
    expect(elapsed).toBeGreaterThanOrEqual(90);
    expect(elapsed).toBeLessThan(2_000);
  });

  it('leaves a body that arrives in parts within the deadline alone, and keeps the connection', async () => {
    app = await startApp({
      bodyTimeoutMs: 150,
      maxConcurrentRequestsPerClient: 10,
    });
    const body = '{"hello":"world"}';
    const exchange = await client(
      partial('POST', '/echo', body.length, body.slice(0, 5)),
    );
    await new Promise(r => setTimeout(r, 50));
    exchange.socket.write(body.slice(5));
    await until(() => exchange.received().includes('"world"'));
    expect(statusOf(exchange.received())).toBe(200);
    expect(bodyOf(exchange.received())).toEqual({ hello: 'world' });
    // past the deadline the kept-alive connection is still open and usable
    await new Promise(r => setTimeout(r, 250));
    expect(exchange.socket.destroyed).toBe(false);
    exchange.socket.write(partial('POST', '/echo', 2, '{}'));
    await until(() => exchange.received().split('HTTP/1.1 200').length === 3);
  });

  it('does not time out a slow handler once the body is in, nor a request without a body', async () => {
    app = await startApp({
      bodyTimeoutMs: 50,
      maxConcurrentRequestsPerClient: 10,
    });
    const held = await client(
      'GET /hold HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
    );
    const noBody = await client(
      'GET /hold HTTP/1.1\r\nHost: localhost\r\n\r\n',
    );
    await until(() => app!.held() === 2);
    await new Promise(r => setTimeout(r, 150));
    app.releaseHeld();
    await until(() => held.received().includes('released'));
    await until(() => noBody.received().includes('released'));
    expect(statusOf(held.received())).toBe(200);
    expect(statusOf(noBody.received())).toBe(200);
  });

  it('answers 429 above the cap of unfinished requests per client and frees a slot when a socket closes', async () => {
    app = await startApp({
      bodyTimeoutMs: 60_000,
      maxConcurrentRequestsPerClient: 3,
    });
    const stuck = [];
    for (let i = 0; i < 3; i++) {
      stuck.push(await client(partial('POST', '/echo', 100, '{"a":')));
    }
    await until(() => app!.arrived() === 3);
    const refused = await client(partial('POST', '/echo', 2, '{}'));
    const response = await refused.closed;
    expect(statusOf(response)).toBe(429);
    expect(response).toMatch(/\r\nretry-after: 1\r\n/i);
    expect(bodyOf(response).error.message).toBe(
      'Too many unfinished requests from your address: at most 3 at a time (extensionScorecard.api.maxConcurrentRequestsPerClient)',
    );
    // the client gives up on one: its slot is free again
    stuck[0].socket.destroy();
    await until(() => app!.arrived() === 4);
    await new Promise(r => setTimeout(r, 20));
    const next = await client(partial('POST', '/echo', 2, '{}'));
    await until(() => next.received().includes('{}'));
    expect(statusOf(next.received())).toBe(200);
  });

  it('frees the slot when a response finishes, and counts each client address apart', async () => {
    app = await startApp({
      bodyTimeoutMs: 60_000,
      maxConcurrentRequestsPerClient: 2,
    });
    const hold = (address: string) =>
      client(
        `GET /hold HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-For: ${address}\r\n\r\n`,
      );
    await hold('10.0.0.1');
    await hold('10.0.0.1');
    await until(() => app!.held() === 2);
    const third = await hold('10.0.0.1');
    expect(statusOf(await third.closed)).toBe(429);
    // another client is not affected
    const other = await hold('10.0.0.2');
    await until(() => app!.held() === 3);
    app.releaseHeld();
    await until(() => other.received().includes('released'));
    // finished responses gave their slots back: ten in a row all pass
    const running = app;
    for (let i = 0; i < 10; i++) {
      const again = await hold('10.0.0.1');
      await until(() => running.held() === 1);
      running.releaseHeld();
      await until(() => again.received().includes('released'));
      expect(statusOf(again.received())).toBe(200);
    }
  });

  it('caps nothing with maxConcurrentRequestsPerClient 0', async () => {
    app = await startApp({
      bodyTimeoutMs: 60_000,
      maxConcurrentRequestsPerClient: 0,
    });
    for (let i = 0; i < 20; i++) {
      await client(partial('POST', '/echo', 100, '{"a":'));
    }
    await until(() => app!.arrived() === 20);
    const next = await client(partial('POST', '/echo', 2, '{}'));
    await until(() => next.received().includes('{}'));
    expect(statusOf(next.received())).toBe(200);
  });
});

describe('request limits in the plugin router', () => {
  it('are mounted first: 20 half bodies to the unauthenticated /health get 10 × 429 at once and 10 × 408 at the deadline', async () => {
    const unused = {} as any;
    const router = await createRouter({
      httpAuth: mockServices.httpAuth({
        defaultCredentials: mockCredentials.none(),
      }),
      reads: unused,
      evidence: unused,
      waivers: unused,
      campaigns: unused,
      savedFilters: unused,
      audit: unused,
      refresh: unused,
      upgrade: unused,
      referenceData: unused,
      // a deadline well beyond the time 20 connections take on a loaded machine: a
      // slot freed by a timed-out body before the last ones connect would let them in
      requestLimits: { ...DEFAULT_REQUEST_LIMITS, bodyTimeoutMs: 1_000 },
    });
    const server = http.createServer(
      express().use(router).use(mockErrorHandler()),
    );
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    try {
      const started = Date.now();
      const sockets = await Promise.all(
        Array.from({ length: 20 }, () =>
          connect(port, partial('GET', '/health', 1024, '{"a":"')),
        ),
      );
      const answers = await Promise.all(
        sockets.map(async s => ({
          status: statusOf(await s.closed),
          after: Date.now() - started,
          message: bodyOf(s.received()).error.message,
        })),
      );
      const statuses = answers.map(a => a.status).sort();
      expect(statuses).toEqual([
        ...Array(10).fill(408),
        ...Array(10).fill(429),
      ]);
      for (const answer of answers) {
        expect(answer.message).toMatch(
          answer.status === 408
            ? /not received within 1 s/
            : /at most 10 at a time/,
        );
        expect(answer.after).toBeLessThan(5_000);
      }
      // the refused ones at once, the stuck ones at the deadline
      const after = (status: number) =>
        answers.filter(a => a.status === status).map(a => a.after);
      expect(Math.max(...after(429))).toBeLessThan(Math.min(...after(408)));
      expect(Math.min(...after(408))).toBeGreaterThanOrEqual(990);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('reads its limits from app-config through plugin.ts', async () => {
    const scorecard = await startScorecardBackend({
      clusters: [],
      config: {
        extensionScorecard: {
          api: { bodyTimeoutSeconds: 0.2, maxConcurrentRequestsPerClient: 2 },
        },
      },
    });
    try {
      const { port } = scorecard.backend.server.address() as AddressInfo;
      const path = `${scorecard.base}/health`;
      const first = await connect(port, partial('GET', path, 64, '{'));
      const second = await connect(port, partial('GET', path, 64, '{'));
      await new Promise(r => setTimeout(r, 50));
      const third = await connect(port, partial('GET', path, 64, '{'));
      expect(statusOf(await third.closed)).toBe(429);
      expect(statusOf(await first.closed)).toBe(408);
      expect(statusOf(await second.closed)).toBe(408);
      const healthy = await scorecard.api.get(path);
      expect(healthy.status).toBe(200);
    } finally {
      await scorecard.stop();
    }
  });
});
