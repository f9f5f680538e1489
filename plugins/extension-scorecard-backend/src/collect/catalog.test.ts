import {
  createMockDirectory,
  mockCredentials,
} from '@backstage/backend-test-utils';
import type { Entity } from '@backstage/catalog-model';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import { readCatalogEntities, readCatalogFiles } from './catalog';

const extension: Entity = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Component',
  metadata: {
    name: 'kyverno',
    namespace: 'default',
    annotations: { 'backstage.io/kubernetes-id': 'kyverno' },
  },
  spec: {
    type: 'kubernetes-extension',
    owner: 'team-security',
    extension: {
      kind: 'admission-webhook',
      responsibilities: { capacity: 'user:alice' },
      migration: { owner: 'group:default/platform' },
    },
  },
};
const team: Entity = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Group',
  metadata: { name: 'team-security', namespace: 'default' },
  spec: {
    type: 'team',
    profile: { email: 'security@example.com' },
    children: [],
  },
};
const alice: Entity = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'User',
  metadata: { name: 'alice', namespace: 'default' },
  spec: { profile: { email: 'alice@example.com' }, memberOf: [] },
};
const unrelated: Entity = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Component',
  metadata: { name: 'checkout', namespace: 'default' },
  spec: { type: 'service', owner: 'team-payments' },
};
// an ordinary catalog: entities of any type that name cluster objects for the Kubernetes plugin
const annotatedService: Entity = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Component',
  metadata: {
    name: 'image-policy-webhook',
    namespace: 'default',
    annotations: { 'backstage.io/kubernetes-id': 'image-policy' },
  },
  spec: { type: 'service', owner: 'team-security', lifecycle: 'production' },
};
const annotatedResource: Entity = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Resource',
  metadata: {
    name: 'cilium',
    namespace: 'default',
    annotations: {
      'backstage.io/kubernetes-label-selector':
        'app.kubernetes.io/part-of=cilium',
    },
  },
  spec: { type: 'infrastructure', owner: 'team-network' },
};
const annotatedApi: Entity = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'API',
  metadata: {
    name: 'orders',
    namespace: 'default',
    annotations: { 'backstage.io/kubernetes-id': 'orders' },
  },
  spec: { type: 'openapi', owner: 'team-payments', definition: '{}' },
};

describe('readCatalogEntities', () => {
  it('reads declared extensions, any Component or Resource naming cluster objects, and the Groups/Users they name', async () => {
    const catalog = catalogServiceMock({
      entities: [
        extension,
        team,
        alice,
        unrelated,
        annotatedService,
        annotatedResource,
        annotatedApi,
      ],
    });
    const getEntities = jest.spyOn(catalog, 'getEntities');
    const entities = await readCatalogEntities({
      catalog,
      credentials: mockCredentials.service(),
    });
    expect(entities.map(e => `${e.kind}:${e.metadata.name}`).sort()).toEqual([
      'Component:image-policy-webhook',
      'Component:kyverno',
      'Group:team-security',
      'Resource:cilium',
      'User:alice',
    ]);
    expect(getEntities.mock.calls[0][1]).toEqual({
      credentials: mockCredentials.service(),
    });
  });
});

describe('readCatalogFiles', () => {
  const dir = createMockDirectory();
  beforeEach(() => dir.clear());

  it('reads multi-document files and follows local Location targets', async () => {
    dir.setContent({
      'catalog-info.yaml': `apiVersion: backstage.io/v1alpha1
kind: Location
metadata: { name: root }
spec:
  targets: [./org.yaml, https://example.com/remote.yaml]
---
apiVersion: backstage.io/v1alpha1
kind: Component
metadata: { name: kyverno }
spec: { type: kubernetes-extension, owner: team-security }
`,
      'org.yaml': `apiVersion: backstage.io/v1alpha1
kind: Group
metadata: { name: team-security }
spec: { type: team, children: [] }
---
`,
    });
    const entities = await readCatalogFiles([`${dir.path}/catalog-info.yaml`]);
    expect(entities.map(e => `${e.kind}:${e.metadata.name}`)).toEqual([
      'Group:team-security',
      'Component:kyverno',
    ]);
  });

  it('rejects a missing file, malformed YAML and non-entities with the file named', async () => {
    dir.setContent({
      'bad.yaml': 'kind: Component\nmetadata: [\n',
      'notentity.yaml':
        '---\napiVersion: v1\nkind: Component\nmetadata: {}\n---\nfoo: bar\n',
    });
    await expect(
      readCatalogFiles([`${dir.path}/missing.yaml`]),
    ).rejects.toThrow(/Cannot read catalog file .*missing\.yaml/);
    await expect(readCatalogFiles([`${dir.path}/bad.yaml`])).rejects.toThrow(
      /Malformed YAML in .*bad\.yaml/,
    );
    await expect(
      readCatalogFiles([`${dir.path}/notentity.yaml`]),
    ).rejects.toThrow(
      /Not a catalog entity in .*notentity\.yaml \(document 1\): missing metadata\.name/,
    );
  });
});
