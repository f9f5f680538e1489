/**
 * Compressing a snapshot's new evaluation bodies off the main thread: a first snapshot
 * of a large fleet compresses ten thousand bodies, and each zstd call creates and frees
 * a native context whose memory V8 counts against the backend's heap, so the heap of a
 * backend holding a fleet's cluster objects was collected again and again (in the
 * benchmark, compressing cost more than serializing). One worker thread, with a heap
 * of its own, compresses them in one message with the very options of
 * {@link compressBytes}; the result is the same bytes.
 */
import { Worker } from 'node:worker_threads';
import { compressBytes, ZSTD_AVAILABLE, zstdFrameOptions } from './encoding';

/** Below this many bodies, messaging costs more than it saves. */
const OFF_THREAD_MIN = 64;

/*
 * Plain JavaScript run as the worker (`eval`): no module file to find once the plugin is
 * bundled. It applies the options it is given; the frames come back in one transferred
 * buffer with their offsets.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const zlib = require('node:zlib');
parentPort.on('message', ({ id, input, bounds, options }) => {
  try {
    const bytes = Buffer.from(input);
    const frames = options.map((option, i) =>
      zlib.zstdCompressSync(bytes.subarray(bounds[i], bounds[i + 1]), option),
    );
    const out = new Uint8Array(frames.reduce((n, f) => n + f.length, 0));
    const offsets = [];
    let at = 0;
    for (const frame of frames) {
      offsets.push(at);
      out.set(frame, at);
      at += frame.length;
    }
    offsets.push(at);
    parentPort.postMessage({ id, buffer: out.buffer, offsets }, [out.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

/** Bodies compressed on the calling thread and off it, since the process started. */
const counts = { here: 0, offThread: 0 };

/** How many bodies were compressed where (for tests and diagnostics). */
export function compressionCounts(): Readonly<typeof counts> {
  return { ...counts };
}

interface Reply {
  id: number;
  buffer?: ArrayBuffer;
  offsets?: number[];
  error?: string;
}

let worker: Worker | undefined;
/** Set when a worker cannot be started here: compress on the calling thread from then on. */
let unavailable = false;
let nextId = 1;
const waiting = new Map<
  number,
  { resolve: (reply: Reply) => void; reject: (error: Error) => void }
>();

function failAll(error: Error) {
  for (const { reject } of waiting.values()) reject(error);
  waiting.clear();
  worker = undefined;
}

function compressor(): Worker | undefined {
  if (unavailable) return undefined;
  if (!worker) {
    try {
      // plain JavaScript: none of the process's flags (module hooks, profilers) needed
      worker = new Worker(WORKER_SOURCE, { eval: true, execArgv: [] });
    } catch {
      unavailable = true;
      return undefined;
    }
    worker.on('message', (reply: Reply) => {
      const entry = waiting.get(reply.id);
      waiting.delete(reply.id);
      entry?.resolve(reply);
    });
    worker.on('error', error =>
      failAll(error instanceof Error ? error : new Error(String(error))),
    );
    worker.on('exit', code =>
      failAll(new Error(`compression worker exited with code ${code}`)),
    );
    // kept alive only while a call waits for it (below): an idle worker is never what
    // keeps a process running; after the listeners, as adding a 'message' listener
    // refs the worker's port again
    worker.unref();
  }
  return worker;
}

/**
 * The compressed bodies of UTF-8 JSON `bodies`, in order, as {@link compressBytes} makes
 * them: off the main thread when there are many and zstd is there, else on it. They go
 * to the worker as one transferred buffer (a copy of their bytes: no string to clone
 * or encode again there). A worker that fails leaves the work to the calling thread.
 */
export async function compressBodies(
  bodies: readonly Uint8Array[],
): Promise<Buffer[]> {
  const here = () => {
    counts.here += bodies.length;
    return bodies.map(compressBytes);
  };
  if (bodies.length < OFF_THREAD_MIN || !ZSTD_AVAILABLE) return here();
  const thread = compressor();
  if (!thread) return here();
  const bounds = [0];
  for (const body of bodies)
    bounds.push(bounds[bounds.length - 1] + body.length);
  const input = new Uint8Array(bounds[bounds.length - 1]);
  bodies.forEach((body, i) => input.set(body, bounds[i]));
  const id = nextId++;
  let reply: Reply;
  // while a call waits, the worker keeps the process alive (a process with nothing
  // else to wait for, such as a script writing to SQLite, would otherwise end here)
  thread.ref();
  try {
    reply = await new Promise<Reply>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      thread.postMessage(
        {
          id,
          input: input.buffer,
          bounds,
          options: bodies.map(body => zstdFrameOptions(body.length)),
        },
        [input.buffer],
      );
    });
  } catch {
    return here();
  } finally {
    if (waiting.size === 0) thread.unref();
  }
  if (!reply.buffer || !reply.offsets) return here();
  const { buffer, offsets } = reply;
  counts.offThread += bodies.length;
  return bodies.map((_, i) =>
    Buffer.from(buffer, offsets[i], offsets[i + 1] - offsets[i]),
  );
}
