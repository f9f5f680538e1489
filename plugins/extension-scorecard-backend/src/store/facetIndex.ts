/**
 * Which component states of a snapshot the list filters on clusters and check statuses
 * keep. A facet set names its terms' ids in one text column (facet_sets.term_ids, see
 * evaluations termIdList): cheap to write, but finding a term in every set's text is a
 * scan of all of them for each term of a filter (about 7 ms a term over the benchmark's
 * 9,000 sets on SQLite, more with history). The sets a snapshot's states use never
 * change once the snapshot is written (a facet set is stored by content hash and never
 * altered; a state valid in a snapshot stays valid in it), so they are read once per
 * snapshot, inverted into one list of set ids per term, and a filter names the sets
 * that hold its terms.
 */
import type { Knex } from 'knex';
import type { ComponentFilter } from './interfaces';
import { checkTermRange, parseTermIdList } from './evaluations';

/** The ids of the facet sets a filter keeps, per facet filter it sets. */
export interface FacetMatches {
  /** Sets holding any of the filter's clusters. */
  cluster?: readonly number[];
  /** Sets holding the filter's check (at its status, if it names one). */
  check?: readonly number[];
}

/** A snapshot's facet sets, by term: set ids in ascending order. */
type TermPostings = ReadonlyMap<string, readonly number[]>;

/** Snapshots whose facets are kept (the latest few are the ones being read). */
const KEPT_SNAPSHOTS = 4;

/** Finds the facet sets of a snapshot that hold a filter's terms. */
export class FacetIndex {
  private readonly snapshots = new Map<number, Promise<TermPostings>>();

  constructor(private readonly knex: Knex) {}

  /**
   * The sets of `snapshotId` that the filter's cluster and check terms keep; nothing
   * is read when the filter names neither.
   */
  async matches(
    snapshotId: number,
    filter: ComponentFilter,
  ): Promise<FacetMatches> {
    const out: FacetMatches = {};
    if (!filter.cluster?.length && !filter.checkId) return out;
    const postings = await this.postings(snapshotId);
    if (filter.cluster?.length) {
      out.cluster = union(
        postings,
        filter.cluster.map(c => `c:${c}`),
      );
    }
    if (filter.checkId) {
      const { checkId, status } = filter;
      if (status) {
        out.check = union(postings, [`r:${checkId}:${status}`]);
      } else {
        const [from, to] = checkTermRange(checkId);
        out.check = union(
          postings,
          [...postings.keys()].filter(term => term >= from && term < to),
        );
      }
    }
    return out;
  }

  private postings(snapshotId: number): Promise<TermPostings> {
    let loading = this.snapshots.get(snapshotId);
    if (loading) {
      // most recently used last
      this.snapshots.delete(snapshotId);
      this.snapshots.set(snapshotId, loading);
      return loading;
    }
    loading = this.load(snapshotId);
    this.snapshots.set(snapshotId, loading);
    // a failed read is not kept: the next request reads again
    loading.catch(() => {
      if (this.snapshots.get(snapshotId) === loading)
        this.snapshots.delete(snapshotId);
    });
    while (this.snapshots.size > KEPT_SNAPSHOTS) {
      this.snapshots.delete(this.snapshots.keys().next().value!);
    }
    return loading;
  }

  private async load(snapshotId: number): Promise<TermPostings> {
    // the snapshot first: once it is there, its states, sets and terms are (one
    // transaction wrote them all)
    const snapshot = await this.knex('snapshots')
      .where('id', snapshotId)
      .first('id');
    const [names, sets] = await Promise.all([
      this.knex('facet_term_names').select('id', 'term'),
      // the rows valid in the snapshot, whether or not it is still the newest
      this.knex('component_states as cs')
        .join('facet_sets as f', 'f.id', 'cs.facet_set_id')
        .where('cs.valid_from', '<=', snapshotId)
        .andWhere('cs.valid_to', '>', snapshotId)
        .distinct('f.id', 'f.term_ids')
        .orderBy('f.id'),
    ]);
    const termOf = new Map<number, string>();
    for (const row of names) termOf.set(Number(row.id), row.term);
    const postings = new Map<string, number[]>();
    for (const set of sets) {
      const setId = Number(set.id);
      for (const termId of parseTermIdList(set.term_ids)) {
        const term = termOf.get(termId);
        if (term === undefined) continue;
        let ids = postings.get(term);
        if (!ids) postings.set(term, (ids = []));
        ids.push(setId);
      }
    }
    // a snapshot not (or not yet) written has no sets: the answer is not kept
    if (!snapshot) this.snapshots.delete(snapshotId);
    return postings;
  }
}

/** The set ids holding any of the terms, ascending and each once. */
function union(postings: TermPostings, terms: readonly string[]): number[] {
  const lists = terms.flatMap(term => postings.get(term) ?? []);
  return terms.length === 1
    ? [...lists]
    : [...new Set(lists)].sort((a, b) => a - b);
}
