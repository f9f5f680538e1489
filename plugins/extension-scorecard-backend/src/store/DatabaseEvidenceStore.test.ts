import { ConflictError } from '@backstage/errors';
import type { Knex } from 'knex';
import { DatabaseAuditTrailStore } from './DatabaseAuditTrailStore';
import {
  scorecardTestDatabases,
  useMigratedDatabase,
} from './__testUtils__/databases';
import { DatabaseEvidenceStore } from './DatabaseEvidenceStore';
import type { NewEvidence } from './interfaces';

jest.setTimeout(60_000);

const databases = scorecardTestDatabases();

const submission: NewEvidence = {
  component: 'component:default/alpha',
  cluster: 'prod',
  scenario: 'webhook-backend-down',
  tool: 'manual',
  startedAt: '2025-05-01T10:00:00.000Z',
  recoveredAt: '2025-05-01T10:05:00.000Z',
  verdict: 'pass',
  observations: { apiLatencyP99Ms: 120, failurePolicy: 'Ignore' },
  links: ['https://runbooks.example/alpha'],
  submittedBy: 'user:default/ana',
  submittedAt: '2025-05-01T11:00:00.000Z',
  source: 'api',
  idempotencyKey: 'key-000001',
};

describe.each(databases.ids)('EvidenceStore on %p', databaseId => {
  const database = useMigratedDatabase(databases, databaseId);
  let knex: Knex;
  let store: DatabaseEvidenceStore;

  beforeEach(() => {
    knex = database.get();
    store = new DatabaseEvidenceStore(knex);
  });

  it('stores evidence once per idempotency key', async () => {
    const first = await store.create(submission);
    expect(first.replayed).toBe(false);
    expect(first.evidence).toMatchObject({
      component: 'component:default/alpha',
      recoveredAt: '2025-05-01T10:05:00.000Z',
      observations: { apiLatencyP99Ms: 120 },
    });
    expect(first.evidence.injectedAt).toBeUndefined();

    const retry = await store.create({
      ...submission,
      submittedAt: '2025-05-01T11:00:05.000Z',
    });
    expect(retry).toEqual({ evidence: first.evidence, replayed: true });

    await expect(
      store.create({ ...submission, verdict: 'fail' }),
    ).rejects.toThrow(ConflictError);

    // the same key from another submitter is another record
    const other = await store.create({
      ...submission,
      submittedBy: 'user:default/bo',
    });
    expect(other.replayed).toBe(false);

    const page = await store.list({ offset: 0, limit: 10 });
    expect(page.total).toBe(2);
  });

  it('never duplicates under concurrent retries', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => store.create({ ...submission })),
    );
    expect(new Set(results.map(r => r.evidence.id)).size).toBe(1);
    expect(results.filter(r => !r.replayed)).toHaveLength(1);
    const [{ n }] = await knex('evidence').count({ n: '*' });
    expect(Number(n)).toBe(1);
  });

  it('records who submitted what in the audit trail', async () => {
    const { evidence } = await store.create(submission);
    const trail = await new DatabaseAuditTrailStore(knex).forSubject(
      'evidence',
      evidence.id,
    );
    expect(trail).toEqual([
      expect.objectContaining({
        actor: 'user:default/ana',
        action: 'created',
        component: 'component:default/alpha',
        changes: expect.objectContaining({ verdict: { to: 'pass' } }),
      }),
    ]);
  });

  it('filters and restricts lists', async () => {
    await store.create(submission);
    await store.create({
      ...submission,
      component: 'component:default/beta',
      scenario: 'node-plugin-down',
      startedAt: '2025-05-02T10:00:00.000Z',
      idempotencyKey: 'key-000002',
    });
    expect(
      (
        await store.list({
          scenario: 'node-plugin-down',
          offset: 0,
          limit: 10,
        })
      ).total,
    ).toBe(1);
    const visible = await store.list(
      { offset: 0, limit: 10 },
      { entityRefs: new Set(['component:default/alpha']), orphans: false },
    );
    expect(visible.items.map(e => e.component)).toEqual([
      'component:default/alpha',
    ]);
    const grouped = await store.byComponent();
    expect([...grouped.keys()].sort()).toEqual([
      'component:default/alpha',
      'component:default/beta',
    ]);
  });
});
