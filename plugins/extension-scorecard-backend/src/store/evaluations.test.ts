import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { countUntilText } from '../checks/relativeDays';
import { evaluationText } from './evaluations';
import { createScorecardStores } from './index';
import { compressionCounts } from './offThreadCompression';
import {
  scorecardTestDatabases,
  useMigratedDatabase,
} from './__testUtils__/databases';
import {
  component,
  result,
  scorecard,
  snapshotOf,
} from './__testUtils__/scorecards';
import type { EvaluationBody } from './types';

/** The hash a stored evaluation has always had: SHA-256 of its text's UTF-8, 128 bits. */
const hashOfText = (text: string) =>
  createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 32);

const EXPIRES = Date.parse('2026-01-20T00:00:00Z');

/** Components whose stored text is a two-byte string (a countdown token, arrows) or not. */
const inputs = [
  component(
    scorecard('component:default/cert-manager', {
      results: [
        result('cert.expiry', 'warn', {
          message: `serving certificate expires ${countUntilText(EXPIRES)}`,
        }),
        result('upgrade.deprecated-apis', 'fail', {
          message: 'batch/v1beta1 → batch/v1 before 1.25 … ≥ 3 objects',
        }),
      ],
    }),
  ),
  component(scorecard('component:default/plain-ascii')),
];

describe('evaluationText', () => {
  it.each(inputs.map(i => [i.scorecard.componentId, i]))(
    'hashes and sizes %s by its text once encoded, as before',
    (_, input) => {
      const body: EvaluationBody = {
        scorecard: input.scorecard,
        instances: input.instances,
      };
      const stored = evaluationText(body);
      expect(stored.hash).toBe(hashOfText(stored.text));
      expect(stored.size).toBe(Buffer.byteLength(stored.text, 'utf8'));
      expect(stored.bytes!.equals(Buffer.from(stored.text, 'utf8'))).toBe(true);
    },
  );
});

describe('stored evaluations', () => {
  const databases = scorecardTestDatabases();

  describe.each(databases.ids)('%s', id => {
    const db = useMigratedDatabase(databases, id);

    it('keep the hash and raw size of their text, compressed on or off the main thread', async () => {
      const before = compressionCounts();
      // 70 bodies go to the compressing worker (64 or more at a time); 3 are compressed here
      for (const count of [70, 3]) {
        const components = Array.from({ length: count }, (_, i) =>
          component(
            scorecard(`component:default/c${count}-${i}`, {
              results: [
                result('cert.expiry', 'warn', {
                  message: `expires ${countUntilText(
                    EXPIRES + i * 86_400_000,
                  )}`,
                }),
                result('webhook.timeout', 'pass', {
                  message: `timeout ${i} s → within 10 s`,
                }),
              ],
            }),
          ),
        );
        await createScorecardStores(db.get()).snapshotWriter.writeSnapshot(
          snapshotOf(
            `2026-01-0${count === 70 ? 1 : 2}T10:00:00.000Z`,
            components,
          ),
        );
      }
      const rows: Array<{ hash: string; body: Buffer; raw_size: number }> =
        await db.get()('evaluations').select('hash', 'body', 'raw_size');
      expect(compressionCounts()).toEqual({
        here: before.here + 3,
        offThread: before.offThread + 70,
      });
      expect(rows).toHaveLength(73);
      for (const row of rows) {
        // the stored bytes themselves (zstd on the Node.js the tests run on)
        const text = zlib
          .zstdDecompressSync(Buffer.from(row.body))
          .toString('utf8');
        expect(JSON.parse(text).scorecard.componentId).toMatch(/^component:/);
        expect(row.hash).toBe(hashOfText(text));
        expect(Number(row.raw_size)).toBe(Buffer.byteLength(text, 'utf8'));
      }
    });
  });
});
