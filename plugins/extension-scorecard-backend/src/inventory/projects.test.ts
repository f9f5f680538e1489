import type { KubeObject } from '../collect/types';
import { ClusterIndex } from './clusterIndex';
import { chartName, isClusterShared } from './projects';
import { clusterOf } from './testdata/fixtures';

function obj(
  apiVersion: string,
  kind: string,
  name: string,
  namespace: string | undefined,
  metadata: Partial<KubeObject['metadata']> = {},
  rest: Record<string, unknown> = {},
): KubeObject {
  return {
    apiVersion,
    kind,
    metadata: { name, ...(namespace ? { namespace } : {}), ...metadata },
    ...rest,
  } as KubeObject;
}
const deployment = (
  name: string,
  namespace: string,
  metadata: Partial<KubeObject['metadata']> = {},
) =>
  obj('apps/v1', 'Deployment', name, namespace, metadata, {
    spec: { template: { metadata: { labels: { app: name } }, spec: {} } },
  });
const clusterRole = (
  name: string,
  metadata: Partial<KubeObject['metadata']> = {},
) =>
  obj(
    'rbac.authorization.k8s.io/v1',
    'ClusterRole',
    name,
    undefined,
    metadata,
    {
      rules: [],
    },
  );
const helm = (release: string, namespace: string) => ({
  annotations: {
    'meta.helm.sh/release-name': release,
    'meta.helm.sh/release-namespace': namespace,
  },
});

function projectsOf(objects: KubeObject[]) {
  const idx = new ClusterIndex(clusterOf('c1', objects));
  const project = (o: KubeObject) => idx.projects.projectOf(o);
  /** True when both objects are of one project (undefined: of none). */
  const same = (a: KubeObject, b: KubeObject) =>
    project(a) !== undefined && project(a) === project(b);
  return { idx, project, same };
}

describe('projects: which objects were installed together', () => {
  it('joins cluster-scoped and namespaced objects of one Helm release', () => {
    const role = clusterRole('keda-operator', helm('keda', 'keda'));
    const operator = deployment('keda-operator', 'keda', helm('keda', 'keda'));
    const other = deployment('web', 'shop', helm('web', 'shop'));
    const { idx, project } = projectsOf([role, operator, other]);
    expect(project(role)).toBeDefined();
    expect(project(role)).toBe(project(operator));
    expect(project(other)).not.toBe(project(role));
    expect(idx.projects.name(project(role)!)).toBe('keda');
  });

  it('joins by part-of only when the value names one of its objects', () => {
    // a company-wide label on every platform add-on must not make them one project
    const a = deployment('keda-operator', 'keda', {
      labels: { 'app.kubernetes.io/part-of': 'platform' },
    });
    const b = deployment('cert-manager', 'cert-manager', {
      labels: { 'app.kubernetes.io/part-of': 'platform' },
    });
    expect(projectsOf([a, b]).same(a, b)).toBe(false);
    // the project's own part-of joins even objects it does not name (csi-provisioner)
    const sa = obj('v1', 'ServiceAccount', 'csi-provisioner', 'default', {
      labels: { 'app.kubernetes.io/part-of': 'csi-driver-host-path' },
    });
    const plugin = obj(
      'apps/v1',
      'StatefulSet',
      'csi-hostpathplugin',
      'default',
      {
        labels: { 'app.kubernetes.io/part-of': 'csi-driver-host-path' },
      },
    );
    const { project } = projectsOf([sa, plugin]);
    expect(project(sa)).toBeDefined();
    expect(project(sa)).toBe(project(plugin));
  });

  it('does not join kubebuilder projects by their per-object instance labels', () => {
    const kubebuilder = (project: string) => ({
      labels: {
        'app.kubernetes.io/name': 'deployment',
        'app.kubernetes.io/instance': 'controller-manager',
        'app.kubernetes.io/component': 'manager',
      },
      namespace: `${project}-system`,
    });
    const kueue = deployment(
      'kueue-controller-manager',
      'kueue-system',
      kubebuilder('kueue'),
    );
    const other = deployment(
      'foo-controller-manager',
      'foo-system',
      kubebuilder('foo'),
    );
    expect(projectsOf([kueue, other]).same(kueue, other)).toBe(false);
  });

  it('treats a namespace as one project only when its labelled objects agree', () => {
    const a = deployment('longhorn-manager', 'longhorn-system', {
      labels: { 'app.kubernetes.io/part-of': 'longhorn' },
    });
    const runtime = deployment('csi-attacher', 'longhorn-system'); // created at run time, no labels
    const { project } = projectsOf([a, runtime]);
    expect(project(runtime)).toBe(project(a));

    const x = deployment(
      'grafana',
      'monitoring',
      helm('grafana', 'monitoring'),
    );
    const y = deployment('loki', 'monitoring', helm('loki', 'monitoring'));
    const z = deployment('exporter', 'monitoring');
    const shared = projectsOf([x, y, z]);
    expect(shared.same(x, y)).toBe(false);
    expect(shared.project(z)).toBeUndefined();
  });

  it('never treats kube-system or default as one project', () => {
    const a = deployment('coredns', 'kube-system');
    const b = deployment('metrics-server', 'kube-system');
    const { project } = projectsOf([a, b]);
    expect(project(a)).toBeUndefined();
    expect(project(b)).toBeUndefined();
  });

  it('follows owner references and the operator named by managed-by', () => {
    const operator = deployment('prometheus-operator', 'default', {
      uid: 'u-1',
    });
    const owned = obj('v1', 'Service', 'alertmanager-operated', 'default', {
      ownerReferences: [
        { kind: 'Deployment', name: 'prometheus-operator', uid: 'u-1' },
      ],
    } as any);
    const managed = obj('v1', 'Service', 'kubelet', 'kube-system', {
      labels: { 'app.kubernetes.io/managed-by': 'prometheus-operator' },
    });
    const { project } = projectsOf([operator, owned, managed]);
    expect(project(owned)).toBe(project(operator));
    expect(project(managed)).toBe(project(operator));
  });

  it('keeps cluster-shared objects out of every project', () => {
    const view = clusterRole('keda:view', {
      labels: { 'rbac.authorization.k8s.io/aggregate-to-view': 'true' },
      ...helm('keda', 'keda'),
    });
    const operator = deployment('keda-operator', 'keda', helm('keda', 'keda'));
    const { project } = projectsOf([view, operator]);
    expect(project(view)).toBeUndefined();
    expect(isClusterShared(view)).toBe(true);
  });
});

describe('isClusterShared', () => {
  it.each([
    [
      'an aggregated role',
      clusterRole('x', {
        labels: { 'rbac.authorization.k8s.io/aggregate-to-edit': 'true' },
      }),
      true,
    ],
    [
      'a bootstrap role',
      clusterRole('system:auth-delegator', {
        labels: { 'kubernetes.io/bootstrapping': 'rbac-defaults' },
      }),
      true,
    ],
    ['an unlabelled system: role', clusterRole('system:controller:foo'), true],
    ['view', clusterRole('view'), true],
    [
      "metrics-server's own system: role",
      clusterRole('system:metrics-server', {
        labels: { 'k8s-app': 'metrics-server' },
      }),
      false,
    ],
    ["a project's role", clusterRole('kyverno:admission-controller'), false],
    ['a Node', obj('v1', 'Node', 'n1', undefined), true],
    ['a Deployment', deployment('d', 'ns'), false],
  ])('%s: %s', (_what, o, shared) => {
    expect(isClusterShared(o)).toBe(shared);
  });
});

describe('chartName', () => {
  it.each([
    ['keda-2.16.1', 'keda'],
    ['cert-manager-v1.16.2', 'cert-manager'],
    ['aws-ebs-csi-driver-2.41.0', 'aws-ebs-csi-driver'],
    ['velero-12.1.0', 'velero'],
  ])('%s → %s', (chart, name) => expect(chartName(chart)).toBe(name));
});

describe('ProjectIndex.buildSteps', () => {
  it('groups a large cluster in several steps, as built at once', () => {
    // 1,200 releases of a Deployment, a ServiceAccount and a ClusterRole each
    const objects = Array.from({ length: 1200 }, (_, i) => [
      deployment(
        `app-${i}`,
        `ns-${i % 40}`,
        helm(`release-${i}`, `ns-${i % 40}`),
      ),
      obj(
        'v1',
        'ServiceAccount',
        `app-${i}`,
        `ns-${i % 40}`,
        helm(`release-${i}`, `ns-${i % 40}`),
      ),
      clusterRole(`app-${i}`, helm(`release-${i}`, `ns-${i % 40}`)),
    ]).flat();
    const stepped = new ClusterIndex(clusterOf('c1', objects));
    const steps = stepped.buildProjectsSteps();
    let yields = 0;
    let step = steps.next();
    while (!step.done) {
      yields += 1;
      step = steps.next();
    }
    // a step per 1,000 objects of each pass over them, and between the passes
    expect(yields).toBeGreaterThanOrEqual(2 * 3 + 4);
    // the index is kept: the lazy getter answers with it
    expect(stepped.projects).toBe(step.value);

    const atOnce = new ClusterIndex(clusterOf('c1', objects)).projects;
    const grouping = (index: typeof atOnce) =>
      objects.map(o => {
        const project = index.projectOf(o);
        return project === undefined
          ? null
          : [index.keys(project), index.members(project).length];
      });
    expect(grouping(step.value)).toEqual(grouping(atOnce));
    // each release is a project of its three objects, named by its Helm release
    expect(grouping(atOnce)[0]).toEqual([
      expect.arrayContaining(['helm:ns-0/release-0']),
      3,
    ]);
  });
});
