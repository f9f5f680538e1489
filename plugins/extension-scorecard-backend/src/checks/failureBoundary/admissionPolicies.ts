/** Failure boundary of ValidatingAdmissionPolicies: every policy bound, every binding scoped. */
import type { BuiltinClusterCheck } from '../builtinContext';
import {
  fail,
  listed,
  notApplicable,
  pass,
  unknown,
  warn,
} from '../builtinContext';
import { bindingsOfPolicy } from '../facts/blastRadius';
import { isEmptySelector } from '../kubernetes/labelSelectors';

const binding: BuiltinClusterCheck = {
  id: 'policy.binding',
  dimension: 'failure-boundary',
  kinds: ['admission-policy'],
  severity: 'high',
  scope: 'cluster',
  reads: ['validatingadmissionpolicies', 'namespaces'],
  // a policy that was read and has no binding stays unbound whatever else is missing;
  // Namespaces only size the blast radius
  failStandsWithout: ['validatingadmissionpolicies', 'namespaces'],
  title: 'Policies are bound, and bindings are scoped',
  remediation:
    'Create a ValidatingAdmissionPolicyBinding for each policy, scoped with matchResources.namespaceSelector (exclude kube-system), and roll out with validationActions [Warn, Audit] before Deny.',
  docsUrl:
    'https://kubernetes.io/docs/reference/access-authn-authz/validating-admission-policy/',
  evaluate(_component, context) {
    const policies = context.instance.objects.validatingAdmissionPolicies;
    if (!policies.length) {
      return notApplicable(
        `no ValidatingAdmissionPolicy of this component in cluster ${context.index.name}`,
      );
    }
    // policies and their bindings are served by the same API version: with policies read,
    // "bindings not served" only means the dump holds none
    const bindingsUnreadable = context.index.unreadable(
      'validatingadmissionpolicybindings',
      true,
    );
    if (bindingsUnreadable)
      return unknown(`cannot judge bindings: ${bindingsUnreadable}`);
    const unbound: string[] = [];
    const unscoped: string[] = [];
    const summary: string[] = [];
    const observed: Record<string, unknown> = {};
    // computed for the scorecard's blast radius
    const radius = context.facts.blastRadius;
    for (const policy of policies) {
      const name = policy.metadata.name;
      const bindings = bindingsOfPolicy(
        policy,
        context.instance,
        context.index,
      );
      observed[name] = bindings.map(b => ({
        binding: b.metadata.name,
        validationActions: b.spec?.validationActions ?? [],
        failurePolicy: policy.spec?.failurePolicy ?? 'Fail',
        matchedNamespaces:
          radius.find(r => r.name === `${name}/${b.metadata.name}`)
            ?.matchedNamespaces.length ?? null,
      }));
      if (!bindings.length) {
        unbound.push(name);
        continue;
      }
      for (const b of bindings) {
        const match = b.spec?.matchResources;
        const actions = (b.spec?.validationActions ?? []).join('+') || 'none';
        summary.push(`${name}/${b.metadata.name} (${actions})`);
        if (!match || isEmptySelector(match.namespaceSelector)) {
          unscoped.push(
            `binding ${b.metadata.name} of ${name} has no ${
              match ? 'matchResources.namespaceSelector' : 'matchResources'
            } (validationActions ${actions})`,
          );
        }
      }
    }
    if (unbound.length) {
      return fail(
        `polic${unbound.length > 1 ? 'ies' : 'y'} ${listed(unbound)} ha${
          unbound.length > 1 ? 've' : 's'
        } no binding: ${
          unbound.length > 1 ? 'they enforce' : 'it enforces'
        } nothing`,
        observed,
      );
    }
    if (unscoped.length) return warn(listed(unscoped), observed);
    return pass(
      `bindings scoped by namespaceSelector: ${listed(summary)}`,
      observed,
    );
  },
};

export const admissionPolicyChecks = [binding];
