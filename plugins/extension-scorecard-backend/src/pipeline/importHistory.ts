/**
 * History imported at the first start: earlier readings of the clusters (dump
 * directories, as `kubectl get -o yaml` or the collector's dump writer left them), each
 * taken as a snapshot at the time it was read and evaluated as of that time. A new
 * installation then starts with the history that burn-downs, trends and diffs draw
 * from. The readings are listed in the YAML files of
 * `extensionScorecard.history.importFiles` and imported, oldest first, only into a
 * database that holds no snapshot yet, before the first collection's snapshot.
 */
import type { Config } from '@backstage/config';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { readClusterDump } from '../collect/dumps';
import { readYamlListFiles } from '../collect/yamlListFiles';
import {
  assembleSnapshot,
  type AssembleDeps,
  type WrittenSnapshot,
} from './assembleSnapshot';

/** One earlier reading of some clusters. */
export interface HistoryReading {
  /** When the dumps were read (RFC 3339): the snapshot's time. */
  takenAt: string;
  /** One dump directory per cluster, absolute. */
  dumps: Array<{ name: string; directory: string }>;
  /** Where it was declared (`<file>[<index>]`), for messages. */
  source: string;
}

const KEY = 'extensionScorecard.history.importFiles';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function isDirectory(directory: string): Promise<boolean> {
  try {
    return (await stat(directory)).isDirectory();
  } catch {
    return false;
  }
}

/** One item of a history file; `base` is the file's folder (dump directories are relative to it). */
async function parseReading(
  value: unknown,
  source: string,
  base: string,
  now: Date,
): Promise<HistoryReading> {
  const fail = (why: string) => new Error(`${source}: ${why}`);
  if (!isObject(value)) throw fail('expected an object with takenAt and dumps');
  const { takenAt, dumps } = value;
  const at =
    typeof takenAt === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(takenAt)
      ? Date.parse(takenAt)
      : NaN;
  if (Number.isNaN(at)) {
    throw fail(
      `takenAt must be an RFC 3339 date-time, got ${JSON.stringify(takenAt)}`,
    );
  }
  if (at > now.getTime()) {
    throw fail(`takenAt ${takenAt} is in the future`);
  }
  if (!Array.isArray(dumps) || dumps.length === 0) {
    throw fail('dumps must be a non-empty list of { name, directory }');
  }
  const names = new Set<string>();
  const out: HistoryReading['dumps'] = [];
  for (const [i, dump] of dumps.entries()) {
    if (
      !isObject(dump) ||
      typeof dump.name !== 'string' ||
      !dump.name.trim() ||
      typeof dump.directory !== 'string' ||
      !dump.directory.trim()
    ) {
      throw fail(`dumps[${i}] must have a name and a directory`);
    }
    if (names.has(dump.name)) {
      throw fail(`dumps[${i}]: cluster ${dump.name} is listed twice`);
    }
    names.add(dump.name);
    const directory = path.resolve(base, dump.directory);
    if (!(await isDirectory(directory))) {
      throw fail(`dumps[${i}]: ${directory} is not a directory`);
    }
    out.push({ name: dump.name, directory });
  }
  return { takenAt: new Date(at).toISOString(), dumps: out, source };
}

/**
 * The readings of `extensionScorecard.history.importFiles` (paths resolved from the
 * working directory, dump directories from each file's folder), oldest first. Throws a
 * message naming the file and item for anything it cannot use: a file that cannot be
 * read, a reading without a past `takenAt`, a dump directory that does not exist, two
 * readings at the same time.
 */
export async function readHistoryImports(
  config: Config,
  now: Date = new Date(),
): Promise<HistoryReading[]> {
  const readings: HistoryReading[] = [];
  for (const file of await readYamlListFiles(config, KEY, 'readings')) {
    for (const [i, value] of file.items.entries()) {
      readings.push(
        await parseReading(
          value,
          `${file.path}[${i}]`,
          path.dirname(file.path),
          now,
        ),
      );
    }
  }
  readings.sort((a, b) => a.takenAt.localeCompare(b.takenAt));
  for (let i = 1; i < readings.length; i++) {
    if (readings[i].takenAt === readings[i - 1].takenAt) {
      throw new Error(
        `${readings[i].source}: another reading (${
          readings[i - 1].source
        }) is at the same time, ${readings[i].takenAt}`,
      );
    }
  }
  return readings;
}

/**
 * Takes each reading, oldest first, as a snapshot at its time (trigger `import`):
 * inventory, every check and the next-minor report as of `takenAt`, with the catalog,
 * waivers and campaigns as they are now. Does nothing when the store already holds a snapshot (an
 * installation that ran before has its own history). No notification is sent for an
 * imported snapshot. Returns the snapshots written.
 */
export async function importHistory(
  deps: Omit<AssembleDeps, 'onSnapshot' | 'memo'>,
  readings: readonly HistoryReading[],
): Promise<WrittenSnapshot[]> {
  if (readings.length === 0) return [];
  const { stores, logger } = deps;
  if (await stores.snapshots.latestSnapshot()) {
    logger.info(
      `extension-scorecard: history import skipped: the database already holds snapshots`,
    );
    return [];
  }
  const written: WrittenSnapshot[] = [];
  for (const reading of readings) {
    const now = new Date(reading.takenAt);
    const collections = await Promise.all(
      reading.dumps.map(dump => readClusterDump({ ...dump, now: () => now })),
    );
    // every component evaluated (no memo): dumps written by hand or edited need not
    // carry a new resourceVersion for what changed between two readings
    written.push(
      await assembleSnapshot(deps, {
        trigger: 'import',
        refreshId: null,
        now,
        collections,
      }),
    );
  }
  logger.info(
    `extension-scorecard: history imported: ${written.length} snapshots from ${
      readings[0].takenAt
    } to ${readings[readings.length - 1].takenAt}`,
  );
  return written;
}

/**
 * A function running {@link importHistory} once, the first time it is called (before
 * the first snapshot of a collection); later calls wait for that one. A failure is
 * logged, not thrown: the collection's own snapshot is taken all the same.
 */
export function historyImporter(
  deps: Omit<AssembleDeps, 'onSnapshot' | 'memo'>,
  readings: readonly HistoryReading[],
): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () =>
    (running ??= importHistory(deps, readings).then(
      () => undefined,
      error =>
        deps.logger.warn(
          `extension-scorecard: history import failed: ${
            (error as Error).message
          }`,
        ),
    ));
}
