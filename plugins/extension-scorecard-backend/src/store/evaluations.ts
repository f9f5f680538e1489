/**
 * Stored evaluations: one compressed value per distinct evaluation (a component's
 * scorecard, instances and design record, results inline), found by its content hash,
 * so identical content is stored once and a component that did not change costs
 * nothing (its component_states row stays open). Countdowns are tokens counted when
 * read (checks/relativeDays), so a day that only moved countdowns stores nothing new.
 *
 * Evaluations written before this layout (20251204) keep their results in
 * check_results rows (deduplicated, reference-counted) and check_templates; they are
 * read back the same and collected by retention as before.
 *
 * Long blast-radius namespace lists are stored once (namespace_lists) and named by
 * hash; evaluation_namespace_lists says which evaluations name which list, so
 * retention can delete a list with the last evaluation naming it.
 *
 * facet_sets hold the terms the list filters read (clusters, check statuses), shared
 * by every component state with the same terms; each term is named once
 * (facet_term_names) and a set names its terms' ids in one text column (term_ids,
 * see {@link termIdList}).
 */
import type {
  BlastRadius,
  CheckResult,
  ComponentScorecard,
  DesignRecord,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type { Knex } from 'knex';
import { compressJson, decompressJson, sha256, utf8Bytes } from './encoding';
import type { EvaluationBody, StoredInstance } from './types';
import { type Pacer, UNPACED } from '../pacing/steps';

export type { EvaluationBody };

const CHUNK = 400;

/**
 * The stored body of an evaluation written before 20251204: results and hard gates as
 * check_results ids (their constant text in check_templates).
 */
interface StoredEvaluationV1 {
  scorecard: Omit<ComponentScorecard, 'results' | 'hardGates'> & {
    results: number[];
    hardGates: number[];
  };
  instances: StoredInstance[];
  designRecord?: DesignRecord | null;
}

/** An evaluation ready to store: its text and hashes computed, nothing written yet. */
export interface PreparedEvaluation extends EvaluationText {
  facetHash: string;
  facetTerms: string[];
}

/** A 128-bit content hash (hex) of a text or its UTF-8 bytes (the same hash). */
export function contentHash(text: string | Uint8Array): string {
  return sha256(text).slice(0, 32);
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

/*
 * Hashes use JSON.stringify: scorecards are built by code in a fixed key order, so
 * equal content serializes equally (a different order would only miss a dedup).
 * canonicalJson, three times slower, is kept for client input (evidence keys).
 */

/**
 * The parts of a result that are the same for every result of a check (evaluationText
 * leaves them out of a stored result by these names, compared inline).
 */
const TEMPLATE_KEYS = [
  'checkId',
  'dimension',
  'severity',
  'remediation',
  'docsUrl',
] as const;

/*
 * A handful of templates are shared by hundreds of thousands of results: each is
 * serialized and hashed once per process, found by its fields joined with a
 * separator no field holds.
 */
const MAX_TEMPLATES = 10_000;

/** JSON text and its content hash. */
interface HashedText {
  text: string;
  hash: string;
}

/** The templates seen, per check: its other template fields, compared one by one (no key text to build per result). */
const templatesByCheck = new Map<
  string,
  Array<{ fields: readonly unknown[]; hashed: HashedText }>
>();
let templateCount = 0;
const OTHER_TEMPLATE_KEYS = TEMPLATE_KEYS.slice(1);

function templateOf(result: CheckResult): HashedText {
  let seen = templatesByCheck.get(result.checkId);
  if (!seen) {
    seen = [];
    templatesByCheck.set(result.checkId, seen);
  }
  for (const entry of seen) {
    if (OTHER_TEMPLATE_KEYS.every((k, i) => entry.fields[i] === result[k]))
      return entry.hashed;
  }
  const fields: Record<string, unknown> = {};
  for (const k of TEMPLATE_KEYS) {
    if (result[k] !== undefined) fields[k] = result[k];
  }
  const text = JSON.stringify(fields);
  const hashed = { text, hash: contentHash(text) };
  if (templateCount >= MAX_TEMPLATES) {
    templatesByCheck.clear();
    templateCount = 0;
    seen = [];
    templatesByCheck.set(result.checkId, seen);
  }
  seen.push({ fields: OTHER_TEMPLATE_KEYS.map(k => result[k]), hashed });
  templateCount += 1;
  return hashed;
}

/** A stored result: its template by hash (`t`), then what is its own. */
type StoredResult = { t: string } & Partial<CheckResult>;

/**
 * Namespace lists of at least this many names are stored once (namespace_lists) and
 * named by hash: the blast radius of every webhook that matches "all namespaces but a
 * few" of a cluster lists the same names, hundreds of them on a large cluster.
 */
const SHARED_LIST_MIN = 8;

/**
 * Frozen lists (checks share one per cluster and selector) by their hash, found again
 * without serializing them. Only the hash is kept: the text is written when the list is
 * stored, and a fleet's first snapshot names thousands of lists of hundreds of names.
 */
const sharedListHashes = new WeakMap<readonly string[], string>();

/** The content hash of a long namespace list as stored (its JSON text). */
function sharedListHash(names: readonly string[]): string {
  let hash = sharedListHashes.get(names);
  if (hash === undefined) {
    hash = contentHash(JSON.stringify(names));
    if (Object.isFrozen(names)) sharedListHashes.set(names, hash);
  }
  return hash;
}

/** A blast radius as stored: a long namespace list by its hash (`l`). */
type StoredBlastRadius = Omit<BlastRadius, 'matchedNamespaces'> & {
  matchedNamespaces: string[] | { l: string };
};

/** The text an evaluation is stored as, and what it names. */
export interface EvaluationText {
  /** JSON of the body with templates and long namespace lists by hash. */
  text: string;
  hash: string;
  /** The templates its results name: text by hash. */
  templates: Map<string, string>;
  /** The namespace lists its blast radius names, by hash (written out when stored). */
  lists: Map<string, readonly string[]>;
  /** The text's length in UTF-8 bytes (what is compressed: evaluations.raw_size). */
  size: number;
  /** The text as UTF-8, hashed once; dropped once handed on to be compressed. */
  bytes?: Buffer;
  /** The text compressed, when it was compressed ahead (off the main thread). */
  compressed?: Buffer;
}

/**
 * The JSON and content hash of an evaluation (equal content, equal hash), and what it
 * names. A result's constant text (check, dimension, severity, remediation, docs) is
 * a template stored once (check_templates) and named by its hash, and so is a long
 * blast-radius namespace list (namespace_lists), so a body holds only what is its
 * own: far fewer bytes to serialize, hash and compress.
 */
export function evaluationText(body: EvaluationBody): EvaluationText {
  const templates = new Map<string, string>();
  const lists = new Map<string, readonly string[]>();
  const stored = (result: CheckResult): StoredResult => {
    const template = templateOf(result);
    templates.set(template.hash, template.text);
    const own: StoredResult = { t: template.hash };
    // the result's own fields in their order (a result is a plain object, so for…in
    // reads what Object.keys would); the names compared inline, as TEMPLATE_KEYS lists
    // them: a lookup per key cost about 2.5 times as much over 560,000 results
    for (const key in result) {
      if (
        key !== 'checkId' &&
        key !== 'dimension' &&
        key !== 'severity' &&
        key !== 'remediation' &&
        key !== 'docsUrl'
      )
        (own as Record<string, unknown>)[key] =
          result[key as keyof CheckResult];
    }
    return own;
  };
  const radius = (entry: BlastRadius): StoredBlastRadius => {
    if (entry.matchedNamespaces.length < SHARED_LIST_MIN) return entry;
    const hash = sharedListHash(entry.matchedNamespaces);
    lists.set(hash, entry.matchedNamespaces);
    return { ...entry, matchedNamespaces: { l: hash } };
  };
  const text = JSON.stringify({
    ...body,
    scorecard: {
      ...body.scorecard,
      results: body.scorecard.results.map(stored),
      hardGates: body.scorecard.hardGates.map(stored),
      blastRadius: body.scorecard.blastRadius.map(radius),
    },
  });
  const bytes = utf8Bytes(text);
  return {
    text,
    hash: contentHash(bytes),
    templates,
    lists,
    size: bytes.length,
    bytes,
  };
}

/** Adds the filter terms to an evaluation's text (pure). */
export function prepareEvaluation(
  body: EvaluationBody,
  stored: EvaluationText,
): PreparedEvaluation {
  const terms = facetTerms(body.scorecard);
  return {
    ...stored,
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
  pacer: Pacer,
  hooks: {
    /** Called once with the rows not stored yet, before any is inserted. */
    beforeInsert?: (missing: T[]) => Promise<void>;
    onInserted?: (items: T[], ids: Map<string, number>) => Promise<void>;
  } = {},
): Promise<Map<string, number>> {
  const { beforeInsert, onInserted } = hooks;
  const byHash = new Map(rows.map(r => [r.hash, r]));
  const ids = new Map<string, number>();
  for (const hashes of chunks([...byHash.keys()])) {
    for (const row of await trx(table)
      .whereIn('hash', hashes)
      .select('id', 'hash')) {
      ids.set(row.hash, Number(row.id));
    }
    await pacer.turn();
  }
  const missing = [...byHash.values()].filter(r => !ids.has(r.hash));
  if (beforeInsert && missing.length) await beforeInsert(missing);
  for (const batch of chunks(missing, 500)) {
    const inserted = new Map<string, number>();
    for (const row of await trx(table)
      .insert(batch.map(toRow))
      .returning(['id', 'hash'])) {
      inserted.set(row.hash, Number(row.id));
      ids.set(row.hash, Number(row.id));
    }
    if (onInserted) await onInserted(batch, inserted);
    await pacer.turn();
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
  pacer: Pacer = UNPACED,
): Promise<{
  evaluations: Map<string, number>;
  facetSets: Map<string, number>;
}> {
  // templates first: a stored evaluation names them (those already stored are found)
  const templates = new Map<string, string>();
  for (const p of prepared)
    for (const [hash, text] of p.templates) templates.set(hash, text);
  await upsertByHash(
    trx,
    'check_templates',
    [...templates].map(([hash, body]) => ({ hash, body })),
    t => ({ hash: t.hash, body: t.body }),
    pacer,
  );
  const lists = new Map<string, readonly string[]>();
  for (const p of prepared)
    for (const [hash, names] of p.lists) lists.set(hash, names);
  const listIds = await upsertByHash(
    trx,
    'namespace_lists',
    [...lists].map(([hash, names]) => ({ hash, names })),
    l => ({ hash: l.hash, body: compressJson(JSON.stringify(l.names)) }),
    pacer,
  );
  const naming: Array<[number, number]> = [];
  const evaluations = await upsertByHash(
    trx,
    'evaluations',
    prepared,
    p => ({
      hash: p.hash,
      body: p.compressed ?? compressJson(p.text),
      raw_size: p.size,
    }),
    pacer,
    {
      onInserted: async (batch, ids) => {
        for (const p of batch)
          for (const hash of p.lists.keys())
            naming.push([ids.get(p.hash)!, listIds.get(hash)!]);
      },
    },
  );
  await insertIdPairs(
    trx,
    'evaluation_namespace_lists',
    ['evaluation_id', 'list_id'],
    naming,
    pacer,
  );
  // a new set names its terms by id: the terms not named yet are named first
  let termIds = new Map<string, number>();
  const facetSets = await upsertByHash(
    trx,
    'facet_sets',
    prepared.map(p => ({ hash: p.facetHash, terms: p.facetTerms })),
    f => ({
      hash: f.hash,
      term_ids: termIdList(f.terms.map(term => termIds.get(term)!)),
    }),
    pacer,
    {
      beforeInsert: async missing => {
        const terms = new Set<string>();
        for (const set of missing) {
          for (const term of set.terms) terms.add(term);
          await pacer.turn();
        }
        termIds = await termIdsOf(trx, terms, pacer);
      },
    },
  );
  return { evaluations, facetSets };
}

/**
 * A facet set's term ids as stored (facet_sets.term_ids): ascending, each between
 * commas (`,3,17,52,`; `,` for none), one text per set instead of a row per term
 * (about 56 per component of a large fleet, 482,216 rows with two indexes for the
 * benchmark's first snapshot). Filters do not search these texts: `facetIndex.ts`
 * reads them once per snapshot into the sets per term.
 */
export function termIdList(ids: readonly number[]): string {
  if (!ids.length) return ',';
  return `,${[...ids]
    .sort((a, b) => a - b)
    .map(integer)
    .join(',')},`;
}

/** The ids of a stored term_ids text (see {@link termIdList}). */
export function parseTermIdList(text: string | null): number[] {
  return (text ?? '')
    .split(',')
    .filter(Boolean)
    .map(part => Number(part));
}

/** Rows of integer pairs per statement (literal values: one statement per 5,000 rows). */
const PAIR_ROWS = 5000;

/**
 * Inserts rows of two ids (which evaluations name which namespace lists). They are
 * integers the store itself read back, written as literal multi-row inserts: bound
 * parameters or knex's batches cost several times more for many rows.
 */
async function insertIdPairs(
  trx: Knex.Transaction,
  table: string,
  columns: readonly [string, string],
  pairs: Iterable<readonly [number, number]>,
  pacer: Pacer,
): Promise<void> {
  let values: string[] = [];
  const flush = async () => {
    if (!values.length) return;
    await trx.raw(`INSERT INTO ?? (??, ??) VALUES ${values.join(',')}`, [
      table,
      ...columns,
    ]);
    values = [];
    await pacer.turn();
  };
  for (const [a, b] of pairs) {
    values.push(`(${integer(a)},${integer(b)})`);
    if (values.length >= PAIR_ROWS) await flush();
  }
  await flush();
}

/** The id of each term, naming those not named yet. */
async function termIdsOf(
  trx: Knex.Transaction,
  terms: ReadonlySet<string>,
  pacer: Pacer,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const batch of chunks([...terms])) {
    for (const row of await trx('facet_term_names')
      .whereIn('term', batch)
      .select('id', 'term')) {
      ids.set(row.term, Number(row.id));
    }
    await pacer.turn();
  }
  const missing = [...terms].filter(term => !ids.has(term)).sort();
  for (const batch of chunks(missing, 500)) {
    for (const row of await trx('facet_term_names')
      .insert(batch.map(term => ({ term })))
      .returning(['id', 'term'])) {
      ids.set(row.term, Number(row.id));
    }
    await pacer.turn();
  }
  return ids;
}

/** A database id as SQL text, refusing anything that is not a safe integer. */
function integer(value: number): string {
  if (!Number.isSafeInteger(value)) {
    throw new Error(`not an integer id: ${value}`);
  }
  return String(value);
}

/** The stored body of an evaluation: results with their template by hash. */
interface StoredEvaluationV2 {
  scorecard: Omit<
    ComponentScorecard,
    'results' | 'hardGates' | 'blastRadius'
  > & {
    results: StoredResult[];
    hardGates: StoredResult[];
    blastRadius: StoredBlastRadius[];
  };
  instances: StoredInstance[];
  designRecord?: DesignRecord | null;
}

/** True for a body written before 20251204 (results as check_results ids). */
function isV1(
  body: StoredEvaluationV1 | StoredEvaluationV2,
): body is StoredEvaluationV1 {
  return (
    typeof body.scorecard.results[0] === 'number' ||
    typeof body.scorecard.hardGates[0] === 'number'
  );
}

/** Reassembles evaluations by id. */
export async function loadEvaluations(
  knex: Knex,
  ids: readonly number[],
): Promise<Map<number, EvaluationBody>> {
  const stored = new Map<number, StoredEvaluationV1>();
  const current = new Map<number, StoredEvaluationV2>();
  for (const batch of chunks([...new Set(ids)])) {
    for (const row of await knex('evaluations')
      .whereIn('id', batch)
      .select('id', 'body')) {
      const body = decompressJson<StoredEvaluationV1 | StoredEvaluationV2>(
        row.body,
      );
      if (isV1(body)) stored.set(Number(row.id), body);
      else current.set(Number(row.id), body);
    }
  }
  const bodies = await withTemplates(knex, current);
  // evaluations written before 20251204: their results from check_results
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

/** Evaluations with each result's template text put back in front of its own fields. */
async function withTemplates(
  knex: Knex,
  stored: ReadonlyMap<number, StoredEvaluationV2>,
): Promise<Map<number, EvaluationBody>> {
  const hashes = new Set<string>();
  const listHashes = new Set<string>();
  for (const evaluation of stored.values()) {
    for (const r of evaluation.scorecard.results) hashes.add(r.t);
    for (const r of evaluation.scorecard.hardGates) hashes.add(r.t);
    for (const r of evaluation.scorecard.blastRadius ?? []) {
      if (!Array.isArray(r.matchedNamespaces))
        listHashes.add(r.matchedNamespaces.l);
    }
  }
  const lists = new Map<string, string[]>();
  for (const batch of chunks([...listHashes])) {
    for (const row of await knex('namespace_lists')
      .whereIn('hash', batch)
      .select('hash', 'body'))
      lists.set(row.hash, decompressJson<string[]>(row.body));
  }
  const templates = new Map<string, Record<string, unknown>>();
  for (const batch of chunks([...hashes])) {
    for (const row of await knex('check_templates')
      .whereIn('hash', batch)
      .select('hash', 'body'))
      templates.set(row.hash, JSON.parse(row.body));
  }
  const result = ({ t, ...own }: StoredResult): CheckResult => {
    const template = templates.get(t);
    if (!template) throw new Error(`check template ${t} is missing`);
    return { ...template, ...own } as CheckResult;
  };
  const radius = (entry: StoredBlastRadius): BlastRadius => {
    const names = entry.matchedNamespaces;
    if (Array.isArray(names)) return entry as BlastRadius;
    const list = lists.get(names.l);
    if (!list) throw new Error(`namespace list ${names.l} is missing`);
    return { ...entry, matchedNamespaces: [...list] };
  };
  const bodies = new Map<number, EvaluationBody>();
  for (const [id, evaluation] of stored) {
    bodies.set(id, {
      ...evaluation,
      scorecard: {
        ...evaluation.scorecard,
        results: evaluation.scorecard.results.map(result),
        hardGates: evaluation.scorecard.hardGates.map(result),
        blastRadius: evaluation.scorecard.blastRadius?.map(radius),
      },
    });
  }
  return bodies;
}

/**
 * Deletes evaluations no component state refers to, the results (of the previous
 * layout) only they used, and unused facet sets. Runs inside retention's transaction.
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
    // only evaluations written before 20251204 refer to check_results
    const references = unused.flatMap(row => {
      const evaluation = decompressJson<
        StoredEvaluationV1 | StoredEvaluationV2
      >(row.body);
      return isV1(evaluation)
        ? [...evaluation.scorecard.results, ...evaluation.scorecard.hardGates]
        : [];
    });
    await adjustReferences(trx, references, -1);
    await trx('evaluation_namespace_lists')
      .whereIn(
        'evaluation_id',
        unused.map(r => r.id),
      )
      .delete();
    await trx('evaluations')
      .whereIn(
        'id',
        unused.map(r => r.id),
      )
      .delete();
    deleted += unused.length;
  }
  await trx('check_results').where('ref_count', '<=', 0).delete();
  await trx('namespace_lists as l')
    .whereNotExists(q =>
      q
        .select(trx.raw('1'))
        .from('evaluation_namespace_lists as n')
        .whereRaw('n.list_id = l.id'),
    )
    .delete();
  // templates stay: evaluations name them inside their compressed bodies, and there
  // are only as many as checks × remediation wordings (a few per component at most)
  const unusedFacets = trx('facet_sets as f')
    .whereNotExists(q =>
      q
        .select(trx.raw('1'))
        .from('component_states as cs')
        .whereRaw('cs.facet_set_id = f.id'),
    )
    .select('f.id');
  await trx('facet_sets').whereIn('id', unusedFacets).delete();
  return deleted;
}
