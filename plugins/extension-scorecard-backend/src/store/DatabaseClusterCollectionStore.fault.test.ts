/**
 * Fault test: one resource of a cluster fails (500, malformed body, timeout) or is
 * forbidden (403) while the rest of the cluster reads fine. Nothing may be lost: the
 * objects of that resource stay as the last good run read them, and its read status
 * keeps saying why they are not current (so checks that need them say `unknown`).
 * A resource that is no longer served (CRD uninstalled) is really gone.
 */
import type { Knex } from 'knex';
import type { ClusterCollection, KubeObject } from '../collect/types';
import { DatabaseClusterCollectionStore } from './DatabaseClusterCollectionStore';
import {
  scorecardTestDatabases,
  useMigratedDatabase,
} from './__testUtils__/databases';

jest.setTimeout(60_000);

const databases = scorecardTestDatabases();

const webhook = (name: string): KubeObject => ({
  apiVersion: 'admissionregistration.k8s.io/v1',
  kind: 'ValidatingWebhookConfiguration',
  metadata: { name },
  webhooks: [],
});
const role = (name: string): KubeObject => ({
  apiVersion: 'rbac.authorization.k8s.io/v1',
  kind: 'ClusterRole',
  metadata: { name },
  rules: [],
});
const certificate = (name: string): KubeObject => ({
  apiVersion: 'cert-manager.io/v1',
  kind: 'Certificate',
  metadata: { name, namespace: 'x' },
});

const GOOD_READ = {
  scheme: 'read-v2',
  whole: 'a'.repeat(64),
  header: 'c'.repeat(64),
  lists: { validatingwebhookconfigurations: 'd'.repeat(64) },
};

function goodRun(at: string, webhooks = ['vault-agent-injector-cfg']) {
  return {
    cluster: 'prod',
    source: 'live',
    collectedAt: at,
    version: { major: '1', minor: '31', gitVersion: 'v1.31.2' },
    versionStatus: { state: 'ok' },
    reads: {
      validatingwebhookconfigurations: { state: 'ok', version: 'v1' },
      clusterroles: { state: 'ok', version: 'v1' },
      certificates: { state: 'ok', version: 'v1' },
    },
    objects: {
      validatingwebhookconfigurations: webhooks.map(webhook),
      clusterroles: [role('vault-injector')],
      certificates: [certificate('vault-serving')],
    },
  } satisfies ClusterCollection;
}

function faultyRun(at: string): ClusterCollection {
  return {
    ...goodRun(at),
    reads: {
      validatingwebhookconfigurations: {
        state: 'failed',
        reason:
          'HTTP 500 from /apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations: etcdserver: leader changed',
      },
      clusterroles: {
        state: 'forbidden',
        reason: 'HTTP 403: clusterroles is forbidden',
      },
      certificates: {
        state: 'not-served',
        reason: 'certificates.cert-manager.io is not served (v1)',
      },
    },
    objects: {},
  };
}

describe.each(databases.ids)(
  'ClusterCollectionStore under resource faults on %p',
  databaseId => {
    const database = useMigratedDatabase(databases, databaseId);
    let knex: Knex;
    let store: DatabaseClusterCollectionStore;

    beforeEach(() => {
      knex = database.get();
      store = new DatabaseClusterCollectionStore(knex);
    });

    it('keeps the last good objects of a failed or forbidden resource, with the reason and their age', async () => {
      await store.save(
        { ...goodRun('2025-05-01T10:00:00.000Z'), fingerprint: GOOD_READ },
        '2025-05-01T10:00:00.000Z',
      );
      // stored as it came
      expect((await store.latest())[0].fingerprint).toEqual(GOOD_READ);
      await store.save(
        {
          ...faultyRun('2025-05-01T11:00:00.000Z'),
          fingerprint: { ...GOOD_READ, whole: 'b'.repeat(64) },
        },
        '2025-05-01T11:00:00.000Z',
      );

      const [latest] = await store.latest();
      expect(latest.collectedAt).toBe('2025-05-01T11:00:00.000Z');
      // not the objects that were read: the fingerprint read with them is dropped
      expect(latest.fingerprint).toBeUndefined();
      // nothing lost: the webhook and the role are still there
      expect(latest.objects.validatingwebhookconfigurations).toEqual([
        webhook('vault-agent-injector-cfg'),
      ]);
      expect(latest.objects.clusterroles).toEqual([role('vault-injector')]);
      // ...but their reads still say why they are not current
      expect(latest.reads.validatingwebhookconfigurations).toEqual({
        state: 'failed',
        reason: expect.stringMatching(
          /^HTTP 500 .*leader changed; objects kept from the last good read at 2025-05-01T10:00:00.000Z$/,
        ),
        lastReadAt: '2025-05-01T10:00:00.000Z',
      });
      expect(latest.reads.clusterroles).toMatchObject({
        state: 'forbidden',
        lastReadAt: '2025-05-01T10:00:00.000Z',
      });
      // an uninstalled CRD is really gone
      expect(latest.objects.certificates).toBeUndefined();
      expect(latest.reads.certificates?.state).toBe('not-served');

      const [status] = await store.statuses([{ name: 'prod', type: 'live' }]);
      expect(status.stale).toBe(false);
      expect(status.objectCount).toBe(2);
      expect(status.unreadable).toEqual([
        {
          resource: 'certificates',
          state: 'not-served',
          reason: expect.any(String),
        },
        {
          resource: 'clusterroles',
          state: 'forbidden',
          reason: expect.stringContaining('kept from the last good read'),
        },
        {
          resource: 'validatingwebhookconfigurations',
          state: 'failed',
          reason: expect.stringContaining('kept from the last good read'),
        },
      ]);
    });

    it('keeps the time of the last good read across several failed runs, and lets a good read replace it', async () => {
      await store.save(
        goodRun('2025-05-01T10:00:00.000Z'),
        '2025-05-01T10:00:00.000Z',
      );
      await store.save(
        faultyRun('2025-05-01T11:00:00.000Z'),
        '2025-05-01T11:00:00.000Z',
      );
      await store.save(
        faultyRun('2025-05-01T12:00:00.000Z'),
        '2025-05-01T12:00:00.000Z',
      );

      let [latest] = await store.latest();
      expect(latest.reads.validatingwebhookconfigurations).toMatchObject({
        lastReadAt: '2025-05-01T10:00:00.000Z',
        reason: expect.stringMatching(
          /leader changed; objects kept from the last good read at 2025-05-01T10:00:00.000Z$/,
        ),
      });
      expect(latest.objects.validatingwebhookconfigurations).toHaveLength(1);

      await store.save(
        goodRun('2025-05-01T13:00:00.000Z', ['kyverno-resource-validating']),
        '2025-05-01T13:00:00.000Z',
      );
      [latest] = await store.latest();
      expect(latest.reads.validatingwebhookconfigurations).toEqual({
        state: 'ok',
        version: 'v1',
      });
      expect(latest.objects.validatingwebhookconfigurations).toEqual([
        webhook('kyverno-resource-validating'),
      ]);
    });

    it('has nothing to keep for a resource that never read fine', async () => {
      await store.save(
        faultyRun('2025-05-01T11:00:00.000Z'),
        '2025-05-01T11:00:00.000Z',
      );
      const [latest] = await store.latest();
      expect(latest.objects).toEqual({});
      expect(latest.reads.validatingwebhookconfigurations).toEqual(
        faultyRun('x').reads.validatingwebhookconfigurations,
      );
    });
  },
);
