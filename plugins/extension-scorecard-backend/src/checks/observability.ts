/** Observability: can status, Events, metrics and logs locate the failing stage? */
import type { KubeObject } from '../collect/types';
import type {
  BuiltinClusterCheck,
  BuiltinClusterContext,
} from './builtinContext';
import {
  listed,
  notApplicable,
  pass,
  unknown,
  warn,
  WORKLOAD_KINDS,
} from './builtinContext';
import { selectorMatches } from './kubernetes/labelSelectors';

function scrapeTargets(context: BuiltinClusterContext): string[] {
  const found: string[] = [];
  const { services } = context.instance.objects;
  for (const workload of context.facts.workloads) {
    if (workload.templateAnnotations['prometheus.io/scrape'] === 'true') {
      found.push(`${workload.ref} prometheus.io/scrape annotation`);
    }
    for (const container of workload.podSpec.containers ?? []) {
      for (const port of container.ports ?? []) {
        if (typeof port.name === 'string' && port.name.includes('metrics')) {
          found.push(`${workload.ref} port ${port.name}`);
        }
      }
    }
    const podMonitors = new Set<KubeObject>([
      ...context.instance.objects.podMonitors,
      ...context.index.monitorsTargeting('podmonitors', workload.namespace),
    ]);
    for (const monitor of podMonitors) {
      if (
        selectorMatches(monitor.spec?.selector ?? {}, workload.templateLabels)
      ) {
        found.push(
          `PodMonitor ${monitor.metadata.namespace}/${monitor.metadata.name}`,
        );
      }
    }
  }
  for (const service of services) {
    if (service.metadata.annotations?.['prometheus.io/scrape'] === 'true') {
      found.push(
        `Service ${service.metadata.namespace}/${service.metadata.name} prometheus.io/scrape annotation`,
      );
    }
    const serviceMonitors = new Set<KubeObject>([
      ...context.instance.objects.serviceMonitors,
      ...context.index.monitorsTargeting(
        'servicemonitors',
        service.metadata.namespace ?? '',
      ),
    ]);
    for (const monitor of serviceMonitors) {
      if (
        selectorMatches(monitor.spec?.selector ?? {}, service.metadata.labels)
      ) {
        found.push(
          `ServiceMonitor ${monitor.metadata.namespace}/${monitor.metadata.name}`,
        );
      }
    }
  }
  return [...new Set(found)];
}

const metrics: BuiltinClusterCheck = {
  id: 'observability.metrics',
  dimension: 'observability',
  kinds: WORKLOAD_KINDS,
  severity: 'medium',
  scope: 'cluster',
  reads: ['deployments', 'statefulsets', 'daemonsets', 'services'],
  title: 'The backend exposes metrics that are scraped',
  remediation:
    'Expose a metrics port and have it scraped (ServiceMonitor/PodMonitor, or prometheus.io/scrape annotations).',
  evaluate(_component, context) {
    if (!context.facts.workloads.length) {
      return notApplicable(
        `no backend workload of this component in cluster ${context.index.name}`,
      );
    }
    const targets = scrapeTargets(context);
    const observed = { scrapeTargets: targets };
    if (targets.length) return pass(`scraped via ${listed(targets)}`, observed);
    for (const key of ['servicemonitors', 'podmonitors'] as const) {
      const unreadable = context.index.unreadable(key);
      if (unreadable)
        return unknown(
          `no scrape annotation or metrics port found, and ${unreadable}`,
          observed,
        );
    }
    return warn(
      'no metrics port, scrape annotation, ServiceMonitor or PodMonitor for the backend',
      observed,
    );
  },
};

function ruleExpressions(
  rule: KubeObject,
): Array<{ alert?: string; expr: string }> {
  return (rule.spec?.groups ?? []).flatMap((g: any) =>
    (g.rules ?? []).map((r: any) => ({
      alert: r.alert,
      expr: String(r.expr ?? ''),
    })),
  );
}

const alerts: BuiltinClusterCheck = {
  id: 'observability.alerts',
  dimension: 'observability',
  kinds: 'all',
  severity: 'medium',
  scope: 'cluster',
  title: "Alerts watch the kind's failure signal",
  remediation:
    "Alert on the kind's failure signal (e.g. aggregator_unavailable_apiservice, apiserver_admission_webhook_rejection_count and latency, dra_operations_duration_seconds): declare the rules in spec.extension.alerts or ship a PrometheusRule.",
  evaluate(component, context) {
    const signals = context.tables.failureSignals[context.kind.id] ?? [];
    const declared = component.catalog?.descriptor?.alerts ?? [];
    // PrometheusRules kept from an earlier read prove nothing about now
    const unreadable = context.index.unreadable('prometheusrules');
    const rules = unreadable
      ? []
      : context.instance.objects.prometheusRules.flatMap(ruleExpressions);
    const watching = [
      ...declared
        .filter(a => signals.some(s => a.expr?.includes(s)))
        .map(a => a.name),
      ...rules
        .filter(r => signals.some(s => r.expr.includes(s)))
        .map(r => r.alert ?? r.expr),
    ];
    const observed = {
      declaredAlerts: declared.map(a => a.name),
      prometheusRuleAlerts: rules.length,
      watchingSignals: watching,
      signals,
    };
    if (watching.length)
      return pass(
        `alerts on the failure signal: ${listed(watching)}`,
        observed,
      );
    if (declared.length) {
      return pass(
        `declared alerts ${listed(
          declared.map(a => a.name),
        )} (none names ${listed(signals, 2)})`,
        observed,
      );
    }
    // PrometheusRules not read now could hold the alert
    if (unreadable)
      return unknown(`no declared alerts, and ${unreadable}`, observed);
    if (rules.length) {
      return warn(
        `${rules.length} PrometheusRule alert(s), none on ${listed(
          signals,
          2,
        )}`,
        observed,
      );
    }
    return warn(
      `no alert rule for the failure signal (${listed(signals, 2)})`,
      observed,
    );
  },
};

const status: BuiltinClusterCheck = {
  id: 'observability.status',
  dimension: 'observability',
  kinds: ['crd-controller'],
  severity: 'medium',
  scope: 'cluster',
  reads: ['customresourcedefinitions'],
  title: 'Custom resources report status',
  remediation:
    'Enable the status subresource on every served version and have the controller write conditions (Ready, Reconciled) and Events, so a stuck resource says why.',
  docsUrl:
    'https://kubernetes.io/docs/tasks/extend-kubernetes/custom-resources/custom-resource-definitions/#status-subresource',
  evaluate(_component, context) {
    const crds = context.instance.objects.customResourceDefinitions;
    if (!crds.length)
      return notApplicable(
        `no CustomResourceDefinition of this component in cluster ${context.index.name}`,
      );
    const missing: string[] = [];
    for (const crd of crds) {
      const versions: any[] = crd.spec?.versions ?? [];
      const served = versions.filter(v => v.served !== false);
      const topLevel = crd.spec?.subresources?.status !== undefined;
      const without = served
        .filter(v => !topLevel && v.subresources?.status === undefined)
        .map(v => v.name);
      if (without.length)
        missing.push(`${crd.metadata.name} (${without.join(', ')})`);
    }
    const observed = { withoutStatus: missing };
    if (missing.length)
      return warn(`no status subresource: ${listed(missing)}`, observed);
    return pass(
      `${crds.length} CRD(s) with the status subresource on every served version`,
      observed,
    );
  },
};

export const observabilityChecks = [metrics, alerts, status];
