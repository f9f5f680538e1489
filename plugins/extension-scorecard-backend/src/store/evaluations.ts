/**
 * Stored evaluations, deduplicated at three levels:
 * - a check's constant text (dimension, severity, remediation, docs) is a
 *   check_templates row shared by all its results;
 * - each distinct result is one check_results row, referenced by id from every
 *   evaluation that contains it and reference-counted for retention;
 * - an evaluation (a component's scorecard and instances, with result ids in place
 *   of results) is one gzip-compressed evaluations row per distinct content.
 * A component whose certificate countdown moved by a day thus costs one new result
 * and a small new evaluation body, not a copy of all its results.
 *
 * facet_sets hold the terms the list filters read (clusters, check statuses), shared
 * by every component state with the same terms.
 */
import type {
  CheckResult,
  ComponentScorecard,
  DesignRecord,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type { Knex } from 'knex';
import { compressJson, decompressJson, sha256 } from './encoding';
import type { EvaluationBody, StoredInstance } from './types';

export type { EvaluationBody };

const CHUNK = 400;

/** The parts of a result that are the same for every result of a check. */
const TEMPLATE_KEYS = [
  'checkId',
  'dimension',
  'severity',
  'remediation',
  'docsUrl',
] as const;

/** The stored body: results and hard gates as check_results ids. */
interface StoredEvaluation {
  scorecard: Omit<ComponentScorecard, 'results' | 'hardGates'> & {
    results: number[];
    hardGates: number[];
  };
  instances: StoredInstance[];
  designRecord?: DesignRecord | null;
}

interface PreparedResult {
  hash: string;
  templateHash: string;
  template: string;
  body: string;
}

/** An evaluation ready to store: hashes computed, nothing written yet. */
export interface PreparedEvaluation {
  hash: string;
  skeleton: Omit<StoredEvaluation['scorecard'], 'results' | 'hardGates'>;
  instances: StoredInstance[];
  designRecord?: DesignRecord | null;
  results: PreparedResult[];
  hardGates: PreparedResult[];
  facetHash: string;
  facetTerms: string[];
}

/** A 128-bit content hash (hex). */
export function contentHash(text: string): string {
  return sha256(text).slice(0, 32);
}

/*
 * Hashes use JSON.stringify: scorecards are built by code in a fixed key order, so
 * equal content serializes equally (a different order would only miss a dedup).
 * canonicalJson, three times slower, is kept for client input (evidence keys).
 */
function prepareResult(result: CheckResult): PreparedResult {
  const { text: templateText, hash: templateHash } = templateOf(result);
  const body: Record<string, unknown> = { ...result };
  for (const key of TEMPLATE_KEYS) delete body[key];
  const bodyText = JSON.stringify(body);
  return {
    hash: contentHash(`${templateHash}|${bodyText}`),
    templateHash,
    template: templateText,
    body: bodyText,
  };
}

/*
 * A handful of templates are shared by hundreds of thousands of results: each is
 * serialized and hashed once per process, found by its fields joined with a
 * separator no field holds.
 */
const templateCache = new Map<string, { text: string; hash: string }>();
const MAX_TEMPLATES = 10_000;

function templateOf(result: CheckResult): { text: string; hash: string } {
  const key = TEMPLATE_KEYS.map(k =>
    result[k] === undefined ? '\u0001' : `=${result[k]}`,
  ).join('\u0000');
  let template = templateCache.get(key);
  if (!template) {
    const fields: Record<string, unknown> = {};
    for (const k of TEMPLATE_KEYS) {
      if (result[k] !== undefined) fields[k] = result[k];
    }
    const text = JSON.stringify(fields);
    template = { text, hash: contentHash(text) };
    if (templateCache.size >= MAX_TEMPLATES) templateCache.clear();
    templateCache.set(key, template);
  }
  return template;
}

/** Filter terms of a scorecard: `c:<cluster>` and `r:<checkId>:<status>`. */
export function facetTerms(scorecard: ComponentScorecard): string[] {
  const terms = new Set<string>();
  for (const cluster of scorecard.clusters) terms.add(`c:${cluster}`);
  for (const result of scorecard.results) {
    terms.add(`r:${result.checkId}:${result.status}`);
  }
  return [...terms].sort();
}

/** The term range of every status of one check (for `checkId` without `status`). */
export function checkTermRange(checkId: string): [string, string] {
  // ';' follows ':' in ASCII: [r:<id>:, r:<id>;) holds exactly r:<id>:<anything>
  return [`r:${checkId}:`, `r:${checkId};`];
}

/** The content hash of a whole evaluation (equal content, equal hash). */
export function evaluationHash(body: EvaluationBody): string {
  return contentHash(JSON.stringify(body));
}

/** Splits an evaluation into its stored parts and hashes them (pure). */
export function prepareEvaluation(
  body: EvaluationBody,
  hash: string = evaluationHash(body),
): PreparedEvaluation {
  const { results, hardGates, ...skeleton } = body.scorecard;
  const preparedResults = results.map(prepareResult);
  const preparedGates = hardGates.map(prepareResult);
  const terms = facetTerms(body.scorecard);
  return {
    hash,
    skeleton,
    instances: body.instances,
    ...(body.designRecord ? { designRecord: body.designRecord } : {}),
    results: preparedResults,
    hardGates: preparedGates,
    facetHash: contentHash(terms.join('\n')),
    facetTerms: terms,
  };
}

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size)
    out.push(items.slice(i, i + size));
  return out;
}

/** Ids of rows by hash, inserting the missing ones. */
async function upsertByHash<T extends { hash: string }>(
  trx: Knex.Transaction,
  table: string,
  rows: readonly T[],
  toRow: (item: T) => Record<string, unknown>,
  onInserted?: (items: T[], ids: Map<string, number>) => Promise<void>,
): Promise<Map<string, number>> {
  const byHash = new Map(rows.map(r => [r.hash, r]));
  const ids = new Map<string, number>();
  for (const hashes of chunks([...byHash.keys()])) {
    for (const row of await trx(table)
      .whereIn('hash', hashes)
      .select('id', 'hash')) {
      ids.set(row.hash, Number(row.id));
    }
  }
  const missing = [...byHash.values()].filter(r => !ids.has(r.hash));
  for (const batch of chunks(missing, 500)) {
    const inserted = new Map<string, number>();
    for (const row of await trx(table)
      .insert(batch.map(toRow))
      .returning(['id', 'hash'])) {
      inserted.set(row.hash, Number(row.id));
      ids.set(row.hash, Number(row.id));
    }
    if (onInserted) await onInserted(batch, inserted);
  }
  return ids;
}

/** Adds `delta` to the reference count of each id, once per occurrence. */
async function adjustReferences(
  trx: Knex.Transaction,
  occurrences: readonly number[],
  sign: 1 | -1,
): Promise<void> {
  const counts = new Map<number, number>();
  for (const id of occurrences) counts.set(id, (counts.get(id) ?? 0) + 1);
  const byCount = new Map<number, number[]>();
  for (const [id, count] of counts) {
    const ids = byCount.get(count);
    if (ids) ids.push(id);
    else byCount.set(count, [id]);
  }
  for (const [count, ids] of byCount) {
    for (const batch of chunks(ids)) {
      await trx('check_results')
        .whereIn('id', batch)
        .update({ ref_count: trx.raw('ref_count + ?', [sign * count]) });
    }
  }
}

/**
 * Stores what is not stored yet and returns the ids of every evaluation and facet
 * set, by hash. Runs inside the snapshot's transaction.
 */
export async function storeEvaluations(
  trx: Knex.Transaction,
  prepared: readonly PreparedEvaluation[],
): Promise<{
  evaluations: Map<string, number>;
  facetSets: Map<string, number>;
}> {
  const evaluations = new Map<string, number>();
  for (const hashes of chunks(prepared.map(p => p.hash))) {
    for (const row of await trx('evaluations')
      .whereIn('hash', hashes)
      .select('id', 'hash')) {
      evaluations.set(row.hash, Number(row.id));
    }
  }
  // results and templates are only looked at for evaluations not stored yet
  const missing = prepared.filter(p => !evaluations.has(p.hash));
  const allResults = missing.flatMap(p => [...p.results, ...p.hardGates]);
  const templates = await upsertByHash(
    trx,
    'check_templates',
    allResults.map(r => ({ hash: r.templateHash, body: r.template })),
    t => ({ hash: t.hash, body: t.body }),
  );
  const results = await upsertByHash(trx, 'check_results', allResults, r => ({
    hash: r.hash,
    template_id: templates.get(r.templateHash)!,
    body: r.body,
    ref_count: 0,
  }));
  const inserted = await upsertByHash(
    trx,
    'evaluations',
    missing,
    p => {
      const stored: StoredEvaluation = {
        scorecard: {
          ...p.skeleton,
          results: p.results.map(r => results.get(r.hash)!),
          hardGates: p.hardGates.map(r => results.get(r.hash)!),
        },
        instances: p.instances,
        ...(p.designRecord ? { designRecord: p.designRecord } : {}),
      };
      const text = JSON.stringify(stored);
      return {
        hash: p.hash,
        body: compressJson(text),
        raw_size: Buffer.byteLength(text),
      };
    },
    async batch =>
      adjustReferences(
        trx,
        batch.flatMap(p =>
          [...p.results, ...p.hardGates].map(r => results.get(r.hash)!),
        ),
        1,
      ),
  );
  for (const [hash, id] of inserted) evaluations.set(hash, id);
  const facetSets = await upsertByHash(
    trx,
    'facet_sets',
    prepared.map(p => ({ hash: p.facetHash, terms: p.facetTerms })),
    f => ({ hash: f.hash }),
    async (batch, ids) => {
      const terms = batch.flatMap(f =>
        f.terms.map(term => ({ facet_set_id: ids.get(f.hash)!, term })),
      );
      if (terms.length) await trx.batchInsert('facet_terms', terms, 500);
    },
  );
  return { evaluations, facetSets };
}

/** Reassembles evaluations by id. */
export async function loadEvaluations(
  knex: Knex,
  ids: readonly number[],
): Promise<Map<number, EvaluationBody>> {
  const stored = new Map<number, StoredEvaluation>();
  for (const batch of chunks([...new Set(ids)])) {
    for (const row of await knex('evaluations')
      .whereIn('id', batch)
      .select('id', 'body')) {
      stored.set(Number(row.id), decompressJson<StoredEvaluation>(row.body));
    }
  }
  const resultIds = new Set<number>();
  for (const evaluation of stored.values()) {
    evaluation.scorecard.results.forEach(id => resultIds.add(id));
    evaluation.scorecard.hardGates.forEach(id => resultIds.add(id));
  }
  const results = new Map<number, CheckResult>();
  const templates = new Map<number, Record<string, unknown>>();
  for (const batch of chunks([...resultIds])) {
    const rows = await knex('check_results')
      .whereIn('id', batch)
      .select('id', 'template_id', 'body');
    const missing = [
      ...new Set(
        rows.map(r => Number(r.template_id)).filter(t => !templates.has(t)),
      ),
    ];
    for (const templateBatch of chunks(missing)) {
      for (const t of await knex('check_templates')
        .whereIn('id', templateBatch)
        .select('id', 'body')) {
        templates.set(Number(t.id), JSON.parse(t.body));
      }
    }
    for (const row of rows) {
      results.set(Number(row.id), {
        ...templates.get(Number(row.template_id)),
        ...JSON.parse(row.body),
      } as CheckResult);
    }
  }
  const bodies = new Map<number, EvaluationBody>();
  for (const [id, evaluation] of stored) {
    bodies.set(id, {
      scorecard: {
        ...evaluation.scorecard,
        results: evaluation.scorecard.results.map(r => results.get(r)!),
        hardGates: evaluation.scorecard.hardGates.map(r => results.get(r)!),
      },
      instances: evaluation.instances,
      ...(evaluation.designRecord
        ? { designRecord: evaluation.designRecord }
        : {}),
    });
  }
  return bodies;
}

/**
 * Deletes evaluations no component state refers to, the results and templates only
 * they used, and unused facet sets. Runs inside retention's transaction.
 */
export async function collectUnusedEvaluations(
  trx: Knex.Transaction,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const unused = await trx('evaluations as e')
      .whereNotExists(q =>
        q
          .select(trx.raw('1'))
          .from('component_states as cs')
          .whereRaw('cs.evaluation_id = e.id'),
      )
      .select('e.id', 'e.body')
      .limit(CHUNK);
    if (!unused.length) break;
    const references = unused.flatMap(row => {
      const evaluation = decompressJson<StoredEvaluation>(row.body);
      return [
        ...evaluation.scorecard.results,
        ...evaluation.scorecard.hardGates,
      ];
    });
    await adjustReferences(trx, references, -1);
    await trx('evaluations')
      .whereIn(
        'id',
        unused.map(r => r.id),
      )
      .delete();
    deleted += unused.length;
  }
  await trx('check_results').where('ref_count', '<=', 0).delete();
  await trx('check_templates as t')
    .whereNotExists(q =>
      q
        .select(trx.raw('1'))
        .from('check_results as r')
        .whereRaw('r.template_id = t.id'),
    )
    .delete();
  const unusedFacets = trx('facet_sets as f')
    .whereNotExists(q =>
      q
        .select(trx.raw('1'))
        .from('component_states as cs')
        .whereRaw('cs.facet_set_id = f.id'),
    )
    .select('f.id');
  await trx('facet_terms')
    .whereIn('facet_set_id', unusedFacets.clone())
    .delete();
  await trx('facet_sets').whereIn('id', unusedFacets.clone()).delete();
  return deleted;
}
