/**
 * Writes snapshots: once per collection run, in one transaction.
 *
 * Storage stays compact (README "Storage"): component_states rows are run-length
 * encoded over snapshot ids, so a component that did not change costs nothing in a
 * new snapshot; evaluation bodies are content-addressed and compressed (zstd, off
 * the main thread: see offThreadCompression), so identical content is stored once.
 */
import type { ClusterUpgradeReadiness } from '@extension-scorecard/plugin-extension-scorecard-common';
import type { Knex } from 'knex';
import {
  addToTally,
  averageScore,
  aggregateRowSteps,
  emptyTally,
} from './aggregates';
import { dayOf, quarterOf } from './calendar';
import {
  OPEN_VALIDITY,
  buildComponentState,
  rowCounts,
  type ComponentStateRow,
  type NewComponentState,
} from './componentStates';
import { hasRelativeDays } from '../checks/relativeDays';
import {
  evaluationText,
  prepareEvaluation,
  storeEvaluations,
  type EvaluationText,
  type PreparedEvaluation,
} from './evaluations';
import { compressJson } from './encoding';
import { compressBodies } from './offThreadCompression';
import type { SnapshotWriteOptions, SnapshotWriter } from './interfaces';
import { runStepsPaced, UNPACED } from '../pacing/steps';
import { CHUNK, chunks, lockSnapshots } from './snapshotQueries';
import {
  ReusedEvaluationMismatch,
  type EvaluationBody,
  type NewSnapshot,
  type SnapshotComponentInput,
  type SnapshotWriteResult,
  type WrittenLevelChange,
} from './types';

/** Component state rows per insert statement. */
const STATE_ROWS = 200;

/** New bodies handed to the compressing worker at a time. */
const COMPRESS_BATCH = 500;

/**
 * Each next-minor report's stored bytes, by the report: a refresh that kept the report
 * (nothing read differently) hands the very same objects again, and a fleet's reports
 * are megabytes of JSON to compress.
 */
const storedReports = new WeakMap<ClusterUpgradeReadiness, Buffer>();

function storedReport(report: ClusterUpgradeReadiness): Buffer {
  let bytes = storedReports.get(report);
  if (!bytes) {
    bytes = compressJson(JSON.stringify(report));
    storedReports.set(report, bytes);
  }
  return bytes;
}

interface PreparedComponent {
  body: EvaluationBody;
  /** The body as stored (hashed, and compressed when stored), and what it names; null when kept by hash. */
  stored: EvaluationText | null;
  /** The evaluation's hash. */
  hash: string;
  /** The body holds countdowns counted at read time (unknown for a kept one: taken from its state). */
  relativeDays: boolean;
  state: NewComponentState;
  /** For a kept one: its input (to hash its state when the known hash is not the current one's). */
  input?: SnapshotComponentInput;
}

interface OpenState
  extends Pick<
    ComponentStateRow,
    | 'id'
    | 'component_id'
    | 'state_hash'
    | 'level'
    | 'evaluation_id'
    | 'facet_set_id'
    | 'relative_days'
  > {
  evaluation_hash: string;
}

/** {@link SnapshotWriter} over the plugin's database. */
export class DatabaseSnapshotWriter implements SnapshotWriter {
  constructor(private readonly knex: Knex) {}

  /**
   * Writes one immutable snapshot in ONE transaction: the snapshot row, its clusters,
   * new evaluation bodies, the changed component states and the aggregates. A run
   * that fails anywhere leaves nothing behind.
   */
  async writeSnapshot(
    input: NewSnapshot,
    options: SnapshotWriteOptions = {},
  ): Promise<SnapshotWriteResult> {
    const pacer = options.pacer ?? UNPACED;
    const staleClusters = new Set(
      input.clusters.filter(c => c.stale).map(c => c.name),
    );
    const seen = new Set<string>();
    // new bodies go to the compressing worker in batches as they are serialized, so it
    // compresses while this thread serializes the rest (see offThreadCompression)
    const compressing: Array<Promise<void>> = [];
    let batch: EvaluationText[] = [];
    const compressBatch = () => {
      if (!batch.length) return;
      const texts = batch;
      batch = [];
      const bodies = compressBodies(
        texts.map(t => t.bytes ?? Buffer.from(t.text, 'utf8')),
      );
      // compressBodies has read the bytes once it returns: not kept until written
      for (const text of texts) text.bytes = undefined;
      compressing.push(
        bodies.then(compressed =>
          texts.forEach((text, i) => (text.compressed = compressed[i])),
        ),
      );
    };
    const prepare = (component: SnapshotComponentInput): PreparedComponent => {
      const id = component.scorecard.componentId;
      if (seen.has(id)) {
        throw new Error(`Component ${id} appears twice in one snapshot`);
      }
      seen.add(id);
      const body: EvaluationBody = {
        scorecard: component.scorecard,
        instances: component.instances,
        ...(component.designRecord
          ? { designRecord: component.designRecord }
          : {}),
      };
      if (component.evaluationHash) {
        const hash = component.evaluationHash;
        return {
          body,
          stored: null,
          hash,
          relativeDays: false,
          state: buildComponentState(
            component,
            hash,
            staleClusters,
            component.stateHash,
          ),
          input: component,
        };
      }
      const stored = evaluationText(body);
      batch.push(stored);
      if (batch.length >= COMPRESS_BATCH) compressBatch();
      return {
        body,
        stored,
        hash: stored.hash,
        relativeDays:
          hasRelativeDays(stored.text) ||
          [...stored.templates.values()].some(hasRelativeDays),
        state: buildComponentState(component, stored.hash, staleClusters),
      };
    };
    const prepared: PreparedComponent[] = [];
    for (const component of input.components) {
      prepared.push(prepare(component));
      await pacer.turn();
    }

    compressBatch();
    // each cluster's report, a cluster a turn (ahead of the transaction, which holds the
    // database while it runs)
    const reports = new Map<string, Buffer>();
    for (const cluster of input.clusters) {
      if (cluster.upgrade)
        reports.set(cluster.name, storedReport(cluster.upgrade));
      await pacer.turn();
    }
    await Promise.all(compressing);

    const fleet = emptyTally();
    for (const { state } of prepared) {
      addToTally(fleet, state.level, state.score, rowCounts(state));
    }

    return this.knex.transaction(async trx => {
      await lockSnapshots(trx);
      const [inserted] = await trx('snapshots')
        .insert({
          taken_at: input.takenAt,
          day: dayOf(input.takenAt),
          quarter: quarterOf(input.takenAt),
          trigger: input.trigger,
          refresh_id: input.refreshId,
          component_count: prepared.length,
          clusters: JSON.stringify(input.clusters.map(c => c.name).sort()),
          stale_clusters: JSON.stringify([...staleClusters].sort()),
          summary: JSON.stringify({
            levels: fleet.levels,
            counts: fleet.counts,
            averageScore: averageScore(fleet),
          }),
        })
        .returning('id');
      const snapshotId = Number(
        typeof inserted === 'object' ? inserted.id : inserted,
      );

      if (input.clusters.length) {
        await trx.batchInsert(
          'snapshot_clusters',
          input.clusters.map(c => ({
            snapshot_id: snapshotId,
            cluster: c.name,
            source: c.source,
            collected_at: c.collectedAt,
            stale: Boolean(c.stale),
            stale_reason: c.stale?.reason ?? null,
            version: c.version,
            upgrade: reports.get(c.name) ?? null,
          })),
          CHUNK,
        );
      }

      const open: OpenState[] = await trx('component_states as s')
        .join('evaluations as e', 'e.id', 's.evaluation_id')
        .where('s.valid_to', OPEN_VALIDITY)
        .select(
          's.id',
          's.component_id',
          's.state_hash',
          's.level',
          's.evaluation_id',
          's.facet_set_id',
          's.relative_days',
          'e.hash as evaluation_hash',
        );
      const openById = new Map(open.map(row => [row.component_id, row]));

      const toClose: number[] = [];
      const changedItems: PreparedComponent[] = [];
      /** New states of kept evaluations (the evaluation is the open state's; another column changed). */
      const keptItems: Array<{ item: PreparedComponent; open: OpenState }> = [];
      const added: string[] = [];
      const levelChanges: WrittenLevelChange[] = [];
      let unchanged = 0;
      for (const item of prepared) {
        await pacer.turn();
        const id = item.state.component_id;
        const current = openById.get(id);
        openById.delete(id);
        if (
          item.input?.stateHash &&
          current?.state_hash !== item.input.stateHash
        ) {
          // the known hash is not the current state's: hash the state itself
          item.state = buildComponentState(
            item.input,
            item.hash,
            staleClusters,
          );
        }
        if (current && current.state_hash === item.state.state_hash) {
          unchanged += 1;
          continue;
        }
        if (!item.stored && current?.evaluation_hash !== item.hash) {
          throw new ReusedEvaluationMismatch(id);
        }
        if (current) {
          toClose.push(current.id);
          if (Number(current.level) !== item.state.level) {
            levelChanges.push({
              componentId: id,
              owner: item.state.owner,
              name: item.state.name,
              from: Number(current.level) as WrittenLevelChange['from'],
              to: item.state.level as WrittenLevelChange['to'],
            });
          }
        } else {
          added.push(id);
        }
        if (item.stored) changedItems.push(item);
        else keptItems.push({ item, open: current! });
      }
      // only what changed is split into results and stored
      const evaluations: PreparedEvaluation[] = [];
      for (const item of changedItems) {
        evaluations.push(prepareEvaluation(item.body, item.stored!));
        await pacer.turn();
      }
      const stored = await storeEvaluations(trx, evaluations, pacer);
      const toInsert = [
        ...changedItems.map(
          (item, i) =>
            ({
              ...item.state,
              relative_days: item.relativeDays,
              valid_from: snapshotId,
              valid_to: OPEN_VALIDITY,
              evaluation_id: stored.evaluations.get(item.hash)!,
              facet_set_id: stored.facetSets.get(evaluations[i].facetHash)!,
            } as ComponentStateRow),
        ),
        ...keptItems.map(
          ({ item, open: current }) =>
            ({
              ...item.state,
              relative_days: current.relative_days,
              valid_from: snapshotId,
              valid_to: OPEN_VALIDITY,
              evaluation_id: current.evaluation_id,
              facet_set_id: current.facet_set_id,
            } as ComponentStateRow),
        ),
      ];
      const removed = [...openById.keys()];
      toClose.push(...[...openById.values()].map(row => row.id));

      for (const ids of chunks(toClose)) {
        await trx('component_states')
          .whereIn('id', ids)
          .update({ valid_to: snapshotId });
        await pacer.turn();
      }
      for (const rows of chunks(toInsert, STATE_ROWS)) {
        await trx('component_states').insert(rows);
        await pacer.turn();
      }
      const aggregateSteps = aggregateRowSteps(prepared.map(p => p.state));
      const aggregates = await runStepsPaced(aggregateSteps, pacer);
      if (aggregates.length) {
        await trx.batchInsert(
          'snapshot_aggregates',
          aggregates.map(row => ({ ...row, snapshot_id: snapshotId })),
          CHUNK,
        );
      }
      return {
        snapshotId,
        added,
        removed,
        changed: toInsert.length - added.length,
        unchanged,
        levelChanges,
        evaluationHashes: new Map(
          prepared.map(p => [p.state.component_id, p.hash]),
        ),
        stateHashes: new Map(
          prepared.map(p => [p.state.component_id, p.state.state_hash]),
        ),
      };
    });
  }
}
