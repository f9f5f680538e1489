/**
 * Admission: webhook configurations calling a Service-backed webhook server, and
 * ValidatingAdmissionPolicies with their bindings.
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

const RESOURCE_SETS = [
  { apiGroups: [''], resources: ['pods'] },
  {
    apiGroups: ['apps'],
    resources: ['deployments', 'statefulsets', 'daemonsets'],
  },
  { apiGroups: [''], resources: ['configmaps', 'services'] },
  {
    apiGroups: ['networking.k8s.io'],
    resources: ['ingresses', 'networkpolicies'],
  },
  { apiGroups: ['batch'], resources: ['jobs', 'cronjobs'] },
];

export const buildAdmissionWebhook: KindBuilder = build => {
  const { plan, inst } = build;
  const t = plan.traits;
  const name = `${plan.slug}-webhook`;
  const backend = buildBackend(build, {
    name,
    component: 'webhook',
    workload: 'Deployment',
    image: image(build, `${plan.slug}-webhook`),
    args: [
      '--secure-port=9443',
      '--tls-cert-file=/tls/tls.crt',
      '--tls-private-key-file=/tls/tls.key',
      '--v=2',
    ],
    servicePort: 443,
    servingCertificate: true,
    rules: [
      {
        apiGroups: [''],
        resources: ['configmaps', 'namespaces'],
        verbs: ['get', 'list', 'watch'],
      },
      {
        apiGroups: ['admissionregistration.k8s.io'],
        resources: [
          'validatingwebhookconfigurations',
          'mutatingwebhookconfigurations',
        ],
        verbs: ['get', 'list', 'watch'],
      },
    ],
  });
  const ca = caBundleFor(build, backend);
  const configs: KubeObject[] = [];
  for (let c = 0; c < t.webhook.configurations; c++) {
    const mutating = c === 0 ? t.webhook.mutating : !t.webhook.mutating;
    const kind = mutating
      ? 'MutatingWebhookConfiguration'
      : 'ValidatingWebhookConfiguration';
    const webhooks = Array.from({ length: t.webhook.webhooksPer }, (_, w) => {
      const set = RESOURCE_SETS[(plan.index + w) % RESOURCE_SETS.length];
      const broad = t.webhook.broadRules && w === 0;
      return {
        admissionReviewVersions: t.webhook.reviewVersions,
        clientConfig: {
          caBundle: ca.caBundle,
          service: {
            name: backend.serviceName,
            namespace: plan.namespace,
            path: `/${mutating ? 'mutate' : 'validate'}-${w}`,
            port: 443,
          },
        },
        failurePolicy: t.webhook.failurePolicy,
        matchPolicy: t.webhook.matchPolicy,
        name: `${mutating ? 'm' : 'v'}${w}.${plan.slug}.fleet.io`,
        namespaceSelector: t.webhook.excludesSystemNamespaces
          ? {
              matchExpressions: [
                {
                  key: 'kubernetes.io/metadata.name',
                  operator: 'NotIn',
                  values: ['kube-system', plan.namespace],
                },
                {
                  key: `${plan.slug}.fleet.io/ignore`,
                  operator: 'DoesNotExist',
                },
              ],
            }
          : {},
        objectSelector: {},
        ...(t.webhook.matchConditions
          ? {
              matchConditions: [
                {
                  name: 'not-node-users',
                  expression:
                    "!request.userInfo.username.startsWith('system:node:')",
                },
              ],
            }
          : {}),
        ...(mutating ? { reinvocationPolicy: 'Never' } : {}),
        rules: [
          {
            apiGroups: broad ? ['*'] : set.apiGroups,
            apiVersions: broad ? ['*'] : ['v1'],
            operations: ['CREATE', 'UPDATE'],
            resources: broad ? ['*'] : set.resources,
            scope: broad ? '*' : 'Namespaced',
          },
        ],
        sideEffects: t.webhook.sideEffects,
        timeoutSeconds: t.webhook.timeoutSeconds,
      };
    });
    configs.push({
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind,
      metadata: objectMeta(
        inst,
        c === 0 ? name : `${name}-${mutating ? 'mutating' : 'validating'}`,
        {
          labels: labelsFor(build, name, 'webhook'),
          annotations: ca.annotations,
          generation: 2,
        },
      ),
      webhooks,
    });
  }
  return [namespaceOf(build), ...backend.objects, ...configs];
};

export const buildAdmissionPolicy: KindBuilder = build => {
  const { plan, inst } = build;
  const t = plan.traits;
  const name = `${plan.slug}-policy`;
  const labels = labelsFor(build, name, 'policy');
  const policy: KubeObject = {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'ValidatingAdmissionPolicy',
    metadata: objectMeta(inst, name, { labels, generation: 1 }),
    spec: {
      failurePolicy: t.webhook.failurePolicy,
      matchConstraints: {
        matchPolicy: 'Equivalent',
        namespaceSelector: {},
        objectSelector: {},
        resourceRules: [
          {
            apiGroups: ['apps'],
            apiVersions: ['v1'],
            operations: ['CREATE', 'UPDATE'],
            resources: ['deployments', 'statefulsets'],
          },
        ],
      },
      validations: [
        {
          expression: `has(object.metadata.labels) && '${plan.slug}.fleet.io/team' in object.metadata.labels`,
          message: `every workload needs the ${plan.slug}.fleet.io/team label`,
          reason: 'Invalid',
        },
        {
          expression: 'object.spec.replicas <= 50',
          messageExpression:
            "'replicas must be at most 50, got ' + string(object.spec.replicas)",
        },
      ],
      auditAnnotations: [{ key: 'team-label', valueExpression: "'checked'" }],
    },
    status: {
      observedGeneration: 1,
      typeChecking: {},
    },
  };
  const objects: KubeObject[] = [policy];
  if (t.policyBound) {
    objects.push({
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'ValidatingAdmissionPolicyBinding',
      metadata: objectMeta(inst, `${name}-binding`, { labels, generation: 1 }),
      spec: {
        policyName: name,
        validationActions:
          t.webhook.failurePolicy === 'Fail' ? ['Deny'] : ['Warn', 'Audit'],
        ...(t.webhook.excludesSystemNamespaces
          ? {
              matchResources: {
                namespaceSelector: {
                  matchExpressions: [
                    {
                      key: 'kubernetes.io/metadata.name',
                      operator: 'NotIn',
                      values: ['kube-system'],
                    },
                  ],
                },
              },
            }
          : {}),
      },
    });
  }
  return objects;
};
