/** Failure boundary of aggregated APIs: availability, justification, stuck namespace deletion. */
import type { KubeObject } from '../../collect/types';
import type {
  BuiltinClusterCheck,
  BuiltinComponentCheck,
} from '../builtinContext';
import { fail, listed, notApplicable, pass, warn } from '../builtinContext';

function remoteApiServices(objects: KubeObject[]): KubeObject[] {
  return objects.filter(a => a.spec?.service);
}

function condition(object: KubeObject, type: string): any {
  return (object.status?.conditions ?? []).find((c: any) => c.type === type);
}

/** A condition message cut for a table: the whole one is in the observed values. */
function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

const available: BuiltinClusterCheck = {
  id: 'aggregated.available',
  dimension: 'failure-boundary',
  kinds: ['aggregated-api'],
  severity: 'critical',
  scope: 'cluster',
  reads: ['apiservices'],
  title: 'The APIService is Available',
  remediation:
    'Fix what the Available condition reports (ServiceNotFound, ServicePortError, EndpointsNotFound, MissingEndpoints, FailedDiscoveryCheck): while it is False every request to the group fails and namespace deletion stalls.',
  docsUrl:
    'https://kubernetes.io/docs/tasks/extend-kubernetes/configure-aggregation-layer/',
  evaluate(_component, context) {
    const apis = remoteApiServices(context.instance.objects.apiServices);
    if (!apis.length)
      return notApplicable(
        `no APIService backed by a Service in cluster ${context.index.name}`,
      );
    const down: string[] = [];
    const unsure: string[] = [];
    const observed: Record<string, unknown> = {};
    for (const api of apis) {
      const c = condition(api, 'Available');
      observed[api.metadata.name] = c
        ? {
            status: c.status,
            reason: c.reason ?? null,
            ...(c.message ? { message: c.message } : {}),
          }
        : null;
      if (c?.status === 'True') continue;
      if (c?.status === 'False') {
        down.push(
          `${api.metadata.name} Available=False (${c.reason ?? 'no reason'}${
            c.message ? `: ${clip(c.message, 80)}` : ''
          })`,
        );
      } else {
        unsure.push(
          `${api.metadata.name} Available=${c?.status ?? 'not reported'}`,
        );
      }
    }
    if (down.length) return fail(listed(down), observed);
    if (unsure.length) return warn(listed(unsure), observed);
    return pass(
      `${listed(apis.map(a => a.metadata.name))} Available=True`,
      observed,
    );
  },
};

const justified: BuiltinComponentCheck = {
  id: 'aggregated.justified',
  dimension: 'failure-boundary',
  kinds: ['aggregated-api'],
  severity: 'medium',
  scope: 'component',
  title: 'Why not a CRD is answered',
  remediation:
    'Explain in spec.extension.design.whyNotCrd why a CRD with CEL validation and a controller cannot do the job: an aggregated API brings its own certificates, discovery, authn/authz chain and availability burden.',
  evaluate(component) {
    const answer = component.catalog?.descriptor?.design?.whyNotCrd;
    if (!answer)
      return warn(
        'no answer to "why not a CRD + CEL + controller" in the design record',
      );
    return pass(
      `why not a CRD: ${
        answer.length > 120 ? `${answer.slice(0, 117)}...` : answer
      }`,
    );
  },
};

const stuckNamespaces: BuiltinClusterCheck = {
  id: 'aggregated.stuck-namespaces',
  dimension: 'failure-boundary',
  kinds: ['aggregated-api'],
  severity: 'critical',
  scope: 'cluster',
  reads: ['namespaces', 'apiservices'],
  title: 'No namespace deletion is stuck on its discovery',
  remediation:
    'Restore the APIService (or delete it if the extension is gone): namespaces stay Terminating while discovery of its group fails.',
  docsUrl:
    'https://kubernetes.io/docs/concepts/overview/working-with-objects/namespaces/',
  evaluate(_component, context) {
    const apis = remoteApiServices(context.instance.objects.apiServices);
    if (!apis.length)
      return notApplicable(
        `no APIService backed by a Service in cluster ${context.index.name}`,
      );
    const groupVersions = apis.map(a => `${a.spec.group}/${a.spec.version}`);
    const down = apis.some(a => condition(a, 'Available')?.status !== 'True');
    const stuck: string[] = [];
    const others: string[] = [];
    for (const ns of context.index.objects('namespaces')) {
      if (ns.status?.phase !== 'Terminating') continue;
      const c = condition(ns, 'NamespaceDeletionDiscoveryFailure');
      if (c?.status !== 'True') continue;
      const message: string = c.message ?? '';
      const names = groupVersions.some(gv => message.includes(gv));
      const namesAnyGroup = /[a-z0-9.-]+\.[a-z]+\/v\d/.test(message);
      if (names || (!namesAnyGroup && down)) stuck.push(ns.metadata.name);
      else others.push(ns.metadata.name);
    }
    const observed = {
      stuckNamespaces: stuck,
      stuckOnOtherGroups: others,
      groupVersions,
    };
    if (stuck.length) {
      return fail(
        `namespace(s) ${listed(
          stuck,
        )} stuck Terminating: NamespaceDeletionDiscoveryFailure on ${groupVersions.join(
          ', ',
        )}`,
        observed,
      );
    }
    return pass(
      others.length
        ? `no namespace stuck on ${groupVersions.join(', ')} (${
            others.length
          } stuck on other groups)`
        : `no namespace stuck Terminating on discovery of ${groupVersions.join(
            ', ',
          )}`,
      observed,
    );
  },
};

export const aggregatedApiChecks = [available, justified, stuckNamespaces];
