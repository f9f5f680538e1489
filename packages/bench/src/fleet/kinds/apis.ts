/**
 * API extensions: aggregated API servers behind an APIService, and CRDs with the
 * controller that reconciles them (RBAC on the CRDs' plural and status).
 */
import type { KubeObject } from '@extension-scorecard/plugin-extension-scorecard-node';
import { objectMeta } from '../kubeObjects';
import {
  buildBackend,
  caBundleFor,
  image,
  KindBuilder,
  labelsFor,
  namespaceOf,
} from './backend';

export const buildAggregatedApi: KindBuilder = build => {
  const { plan, inst } = build;
  const t = plan.traits;
  const name = `${plan.slug}-apiserver`;
  const group = `${plan.slug}.metrics.fleet.io`;
  const backend = buildBackend(build, {
    name,
    component: 'apiserver',
    workload: 'Deployment',
    image: image(build, `${plan.slug}-apiserver`),
    args: [
      '--secure-port=9443',
      '--cert-dir=/tls',
      '--kubelet-preferred-address-types=InternalIP',
      '--metric-resolution=15s',
    ],
    servicePort: 443,
    servingCertificate: true,
    bindClusterRoles: ['system:auth-delegator'],
    rules: [
      {
        apiGroups: [''],
        resources: ['nodes', 'nodes/metrics', 'pods'],
        verbs: ['get', 'list', 'watch'],
      },
    ],
  });
  const ca = caBundleFor(build, backend);
  const available = t.apiAvailable;
  const apiService: KubeObject = {
    apiVersion: 'apiregistration.k8s.io/v1',
    kind: 'APIService',
    metadata: objectMeta(inst, `v1beta1.${group}`, {
      labels: labelsFor(build, name, 'apiserver'),
      annotations: ca.annotations,
    }),
    spec: {
      caBundle: ca.caBundle,
      group,
      groupPriorityMinimum: 100,
      service: {
        name: backend.serviceName,
        namespace: plan.namespace,
        port: 443,
      },
      version: 'v1beta1',
      versionPriority: 100,
    },
    status: {
      conditions: [
        {
          lastTransitionTime: inst.createdAt,
          message: available
            ? 'all checks passed'
            : `failing or missing response from https://10.244.3.7:9443/apis/${group}/v1beta1: Get "https://10.244.3.7:9443/apis/${group}/v1beta1": dial tcp 10.244.3.7:9443: i/o timeout`,
          reason: available ? 'Passed' : 'FailedDiscoveryCheck',
          status: available ? 'True' : 'False',
          type: 'Available',
        },
      ],
    },
  };
  return [namespaceOf(build), ...backend.objects, apiService];
};

const CRD_KINDS = [
  'Widget',
  'Gateway',
  'Backup',
  'Tenant',
  'Pipeline',
  'Bucket',
  'Route',
  'Policy',
];

export const buildCrdController: KindBuilder = build => {
  const { plan, inst } = build;
  const t = plan.traits;
  const name = `${plan.slug}-operator`;
  const group = `${plan.slug}.fleet.io`;
  const kinds = Array.from(
    { length: t.crds },
    (_, i) => CRD_KINDS[(plan.index + i) % CRD_KINDS.length],
  );
  const plurals = kinds.map(k => `${k.toLowerCase()}s`);
  const backend = buildBackend(build, {
    name,
    component: 'controller',
    workload: 'Deployment',
    image: image(build, `${plan.slug}-operator`),
    args: [
      '--leader-elect',
      '--metrics-bind-address=:8080',
      '--health-probe-bind-address=:8081',
      '--zap-log-level=info',
    ],
    servicePort: t.conversionWebhook ? 443 : undefined,
    servingCertificate: t.conversionWebhook,
    rules: [
      {
        apiGroups: [group],
        resources: plurals,
        verbs: ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete'],
      },
      {
        apiGroups: [group],
        resources: plurals.map(p => `${p}/status`),
        verbs: ['get', 'update', 'patch'],
      },
      {
        apiGroups: [group],
        resources: plurals.map(p => `${p}/finalizers`),
        verbs: ['update'],
      },
      {
        apiGroups: ['apps'],
        resources: ['deployments'],
        verbs: ['get', 'list', 'watch', 'create', 'update', 'patch'],
      },
      {
        apiGroups: [''],
        resources: ['configmaps', 'services'],
        verbs: ['get', 'list', 'watch', 'create', 'update', 'patch'],
      },
    ],
  });
  const ca = caBundleFor(build, backend);
  const crds: KubeObject[] = kinds.map((kind, i) => {
    const plural = plurals[i];
    const versions = t.crdVersions === 2 ? ['v1beta1', 'v1'] : ['v1'];
    return {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: objectMeta(inst, `${plural}.${group}`, {
        labels: labelsFor(build, name, 'crd'),
        annotations: {
          'controller-gen.kubebuilder.io/version': 'v0.17.2',
          ...(t.conversionWebhook ? ca.annotations : {}),
        },
        generation: versions.length,
      }),
      spec: {
        conversion: t.conversionWebhook
          ? {
              strategy: 'Webhook',
              webhook: {
                clientConfig: {
                  caBundle: ca.caBundle,
                  service: {
                    name: backend.serviceName,
                    namespace: plan.namespace,
                    path: '/convert',
                    port: 443,
                  },
                },
                conversionReviewVersions: ['v1'],
              },
            }
          : { strategy: 'None' },
        group,
        names: {
          kind,
          listKind: `${kind}List`,
          plural,
          singular: kind.toLowerCase(),
          shortNames: [kind.slice(0, 3).toLowerCase()],
        },
        scope: 'Namespaced',
        versions: versions.map(v => ({
          name: v,
          served: true,
          storage: v === 'v1',
          ...(v === 'v1beta1'
            ? {
                deprecated: true,
                deprecationWarning: `${group}/v1beta1 ${kind} is deprecated; use ${group}/v1`,
              }
            : {}),
          additionalPrinterColumns: [
            {
              jsonPath: '.status.conditions[?(@.type=="Ready")].status',
              name: 'Ready',
              type: 'string',
            },
            {
              jsonPath: '.metadata.creationTimestamp',
              name: 'Age',
              type: 'date',
            },
          ],
          schema: { openAPIV3Schema: crdSchema(kind, plan.index + i) },
          subresources: (plan.index + i) % 7 === 0 ? {} : { status: {} },
        })),
      },
      status: {
        acceptedNames: {
          kind,
          listKind: `${kind}List`,
          plural,
          singular: kind.toLowerCase(),
        },
        conditions: [
          {
            lastTransitionTime: inst.createdAt,
            message: 'no conflicts found',
            reason: 'NoConflicts',
            status: 'True',
            type: 'NamesAccepted',
          },
          {
            lastTransitionTime: inst.createdAt,
            message: 'the initial names have been accepted',
            reason: 'InitialNamesAccepted',
            status: 'True',
            type: 'Established',
          },
        ],
        storedVersions: ['v1'],
      },
    };
  });
  return [namespaceOf(build), ...backend.objects, ...crds];
};

/** An OpenAPI schema of typical size (a dozen typed fields, conditions in status). */
function crdSchema(kind: string, salt: number) {
  const fields: Record<string, unknown> = {};
  const types = ['string', 'integer', 'boolean'];
  for (let f = 0; f < 12; f++) {
    const type = types[(salt + f) % types.length];
    fields[`field${f}`] = {
      description: `${kind} setting ${f}: how the controller reconciles this part of the ${kind.toLowerCase()}.`,
      type,
      ...(type === 'integer'
        ? { format: 'int32', minimum: 0, maximum: 1000 }
        : {}),
      ...(type === 'string'
        ? { maxLength: 253, pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$' }
        : {}),
    };
  }
  return {
    description: `${kind} is the Schema for the ${kind.toLowerCase()}s API.`,
    type: 'object',
    properties: {
      apiVersion: {
        description:
          'APIVersion defines the versioned schema of this representation of an object.',
        type: 'string',
      },
      kind: {
        description:
          'Kind is a string value representing the REST resource this object represents.',
        type: 'string',
      },
      metadata: { type: 'object' },
      spec: {
        description: `${kind}Spec defines the desired state of ${kind}.`,
        type: 'object',
        properties: fields,
        required: ['field0'],
        'x-kubernetes-validations': [
          { rule: 'self.field0 != ""', message: 'field0 must not be empty' },
        ],
      },
      status: {
        description: `${kind}Status defines the observed state of ${kind}.`,
        type: 'object',
        properties: {
          observedGeneration: { format: 'int64', type: 'integer' },
          conditions: {
            type: 'array',
            items: {
              type: 'object',
              required: [
                'lastTransitionTime',
                'message',
                'reason',
                'status',
                'type',
              ],
              properties: {
                lastTransitionTime: { format: 'date-time', type: 'string' },
                message: { maxLength: 32768, type: 'string' },
                observedGeneration: {
                  format: 'int64',
                  minimum: 0,
                  type: 'integer',
                },
                reason: { maxLength: 1024, minLength: 1, type: 'string' },
                status: { enum: ['True', 'False', 'Unknown'], type: 'string' },
                type: { maxLength: 316, type: 'string' },
              },
            },
            'x-kubernetes-list-map-keys': ['type'],
            'x-kubernetes-list-type': 'map',
          },
        },
      },
    },
  };
}
