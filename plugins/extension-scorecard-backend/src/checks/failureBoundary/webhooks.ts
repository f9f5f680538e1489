/** Failure boundary of admission webhooks: timeouts, failure policy, scope, matching. */
import type { ResourceKey } from '../../collect/types';
import type {
  BuiltinClusterCheck,
  BuiltinClusterContext,
} from '../builtinContext';
import {
  fail,
  judgedWithout,
  listed,
  notApplicable,
  numberSetting,
  pass,
  warn,
  withRemediation,
} from '../builtinContext';
import type { CheckOutcome } from '../types';
import {
  type AdmissionWebhook,
  isBroadRule,
  ruleCoversResource,
} from '../kubernetes/admissionWebhooks';
import {
  isEmptySelector,
  selectorMatches,
  selectorMatchesNamespaceName,
} from '../kubernetes/labelSelectors';
import { freshPassingRun } from '../experimentEvidence';

const WEBHOOK_READS: ResourceKey[] = [
  'validatingwebhookconfigurations',
  'mutatingwebhookconfigurations',
];
const DOCS =
  'https://kubernetes.io/docs/concepts/cluster-administration/admission-webhooks-good-practices/';

function noWebhooks(context: BuiltinClusterContext) {
  return notApplicable(
    `no webhook configuration of this component in cluster ${context.index.name}`,
  );
}

/** One value per webhook, by webhook name: what a check observed. */
function byName(
  webhooks: readonly AdmissionWebhook[],
  value: (webhook: AdmissionWebhook) => unknown,
): Record<string, unknown> {
  return Object.fromEntries(webhooks.map(w => [w.name, value(w)]));
}

type WebhookVerdict = readonly [
  status: 'pass' | 'warn' | 'fail',
  message: string,
];

/** A verdict on the webhooks `when` selects, given when it selects any. */
interface WebhookFinding {
  when: (webhook: AdmissionWebhook) => boolean;
  verdict: (selected: AdmissionWebhook[]) => WebhookVerdict;
}

const OUTCOMES = { pass, warn, fail };

/**
 * The skeleton of the checks that judge webhook by webhook: not applicable without
 * webhooks; observed, one value per webhook under `observe[0]`; then the verdict of
 * the first finding that selects any webhook, or a pass with the `pass` message.
 */
function judgeWebhooks(
  context: BuiltinClusterContext,
  judgement: {
    /** Default: every webhook of the instance. */
    webhooks?: AdmissionWebhook[];
    /** Not-applicable message when there are none (default: no webhook configuration). */
    none?: string;
    observe: readonly [
      key: string,
      value: (webhook: AdmissionWebhook) => unknown,
    ];
    findings: readonly WebhookFinding[];
    pass: (webhooks: AdmissionWebhook[]) => string;
  },
): CheckOutcome {
  const webhooks = judgement.webhooks ?? context.facts.webhooks;
  if (!webhooks.length) {
    return judgement.none === undefined
      ? noWebhooks(context)
      : notApplicable(judgement.none);
  }
  const [key, value] = judgement.observe;
  const observed = { [key]: byName(webhooks, value) };
  for (const finding of judgement.findings) {
    const selected = webhooks.filter(finding.when);
    if (!selected.length) continue;
    const [status, message] = finding.verdict(selected);
    return OUTCOMES[status](message, observed);
  }
  return pass(judgement.pass(webhooks), observed);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** `1 webhook names` / `3 webhooks name`: a count with its verb agreeing. */
function counted(n: number, noun: string, verb: [one: string, many: string]) {
  return `${plural(n, noun)} ${n === 1 ? verb[0] : verb[1]}`;
}

/** `a.example.com`, `a.example.com and b.example.com`, `a.example.com and 3 more webhooks`. */
export function webhookNames(webhooks: readonly AdmissionWebhook[]): string {
  const names = [...new Set(webhooks.map(w => w.name))];
  if (names.length <= 2) return names.join(' and ');
  return `${names[0]} and ${plural(names.length - 1, 'more webhook')}`;
}

/**
 * Webhooks grouped by what is said of them, for a message a table can show:
 * `a.example.com and 3 more webhooks timeoutSeconds 30 (default); b.example.com
 * timeoutSeconds 10`. At most `max` groups, then "and N more".
 */
export function describeWebhooks(
  webhooks: readonly AdmissionWebhook[],
  said: (webhook: AdmissionWebhook) => string,
  max = 2,
): string {
  const groups = new Map<string, AdmissionWebhook[]>();
  for (const webhook of webhooks) {
    const text = said(webhook);
    groups.set(text, [...(groups.get(text) ?? []), webhook]);
  }
  return listed(
    [...groups].map(([text, group]) => `${webhookNames(group)} ${text}`),
    max,
  );
}

/** `a`, `a and b`, `a, b and c`. */
function and(items: readonly string[]): string {
  return items.length <= 1
    ? items.join('')
    : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function defaulted(value: unknown, isDefault: boolean): string {
  return isDefault ? `${value} (default)` : String(value);
}

const timeout: BuiltinClusterCheck = {
  id: 'webhook.timeout',
  dimension: 'failure-boundary',
  kinds: ['admission-webhook'],
  severity: 'high',
  scope: 'cluster',
  reads: WEBHOOK_READS,
  // a webhook that was read keeps its timeout, whatever other configurations hold
  failStandsWithout: WEBHOOK_READS,
  title: 'Webhook timeouts are short',
  remediation:
    'Set timeoutSeconds explicitly to a few seconds (5 or less); every matched API request waits up to this long when the backend hangs.',
  docsUrl: `${DOCS}#timeouts`,
  evaluate(_component, context) {
    const passMax = numberSetting(context, 'passMaxSeconds');
    const warnMax = numberSetting(context, 'warnMaxSeconds');
    const describe = (w: AdmissionWebhook) =>
      `timeoutSeconds ${defaulted(w.timeoutSeconds, w.timeoutDefaulted)}`;
    return judgeWebhooks(context, {
      observe: ['timeouts', w => w.timeoutSeconds],
      findings: [
        {
          when: w => w.timeoutSeconds > warnMax,
          verdict: failing => [
            'fail',
            `${describeWebhooks(
              failing,
              describe,
            )} (threshold ${warnMax} s): each matched request can wait that long`,
          ],
        },
        {
          when: w => w.timeoutSeconds > passMax,
          verdict: warning => [
            'warn',
            `${describeWebhooks(warning, describe)} (threshold ${passMax} s)`,
          ],
        },
      ],
      pass: webhooks =>
        `${plural(
          webhooks.length,
          'webhook',
        )}, longest timeoutSeconds ${Math.max(
          ...webhooks.map(w => w.timeoutSeconds),
        )} (threshold ${passMax} s)`,
    });
  },
};

function readyEndpoints(
  context: BuiltinClusterContext,
  webhook: AdmissionWebhook,
): number {
  const service = webhook.service!;
  const addresses = new Set<string>();
  for (const slice of context.index.endpointSlicesOf(
    service.namespace,
    service.name,
  )) {
    for (const endpoint of (slice as any).endpoints ?? []) {
      if (endpoint.conditions?.ready === false) continue;
      for (const address of endpoint.addresses ?? []) addresses.add(address);
    }
  }
  return addresses.size;
}

const failurePolicy: BuiltinClusterCheck = {
  id: 'webhook.failure-policy',
  dimension: 'failure-boundary',
  kinds: ['admission-webhook'],
  severity: 'critical',
  scope: 'cluster',
  reads: WEBHOOK_READS,
  failStandsWithout: WEBHOOK_READS,
  title: 'failurePolicy Fail is backed by a highly available backend',
  remediation:
    'With failurePolicy Fail run at least 2 ready backend replicas behind the Service (spread across nodes, with a PodDisruptionBudget); use Ignore where a missed call is acceptable, and prefer Ignore for mutating webhooks.',
  docsUrl: `${DOCS}#failure-policy`,
  evaluate(_component, context) {
    const webhooks = context.facts.webhooks;
    if (!webhooks.length) return noWebhooks(context);
    const min = numberSetting(context, 'minReadyEndpoints');
    // ready endpoints prove a fail only when the EndpointSlices were read
    const slicesUnreadable = context.index.unreadable('endpointslices');
    let needsSlices = false;
    const failing: AdmissionWebhook[] = [];
    const byUrl: AdmissionWebhook[] = [];
    const mutating: AdmissionWebhook[] = [];
    const endpoints: Record<string, number | null> = {};
    for (const webhook of webhooks) {
      if (webhook.failurePolicy !== 'Fail') continue;
      if (webhook.service && slicesUnreadable) {
        needsSlices = true;
        endpoints[webhook.name] = null;
      } else if (webhook.service) {
        const ready = readyEndpoints(context, webhook);
        endpoints[webhook.name] = ready;
        if (ready < min) {
          failing.push(webhook);
          continue;
        }
      } else {
        endpoints[webhook.name] = null;
        byUrl.push(webhook);
      }
      if (webhook.mutating) mutating.push(webhook);
    }
    const policyOf = (w: AdmissionWebhook) =>
      `failurePolicy ${defaulted('Fail', w.failurePolicyDefaulted)}`;
    const observed = {
      failurePolicies: byName(webhooks, w => w.failurePolicy),
      readyEndpoints: endpoints,
    };
    let outcome: CheckOutcome;
    const failClosed = webhooks.filter(w => w.failurePolicy === 'Fail').length;
    if (failing.length)
      outcome = fail(
        `${describeWebhooks(failing, w => {
          const ready = endpoints[w.name] ?? 0;
          return `(${policyOf(w)}): ${plural(
            ready,
            'ready endpoint',
          )} behind Service ${w.service!.namespace}/${w.service!.name}`;
        })} (minimum ${min})`,
        observed,
      );
    else if (byUrl.length)
      outcome = withRemediation(
        warn(
          `${describeWebhooks(
            byUrl,
            w => `(${policyOf(w)}, url ${w.url ?? 'unset'})`,
          )}: the endpoints behind a URL are not visible to the scorecard`,
          observed,
        ),
        'Make sure the backend behind the URL runs at least 2 ready replicas, or use failurePolicy Ignore where a missed call is acceptable.',
      );
    else if (mutating.length)
      outcome = withRemediation(
        warn(
          `mutating ${describeWebhooks(
            mutating,
            w => `(${policyOf(w)})`,
          )}: an outage of the backend blocks every matched write`,
          observed,
        ),
        'Use failurePolicy Ignore for mutating webhooks where a missed mutation is acceptable (let a validating webhook or policy enforce the result), or keep Fail with a highly available backend.',
      );
    else if (!failClosed) {
      outcome = pass(
        `${plural(
          webhooks.length,
          'webhook',
        )}, all failurePolicy Ignore: a backend outage lets requests through`,
        observed,
      );
    } else {
      outcome = pass(
        `${failClosed} of ${plural(
          webhooks.length,
          'webhook',
        )} with failurePolicy Fail, each with ${min} or more ready endpoints`,
        observed,
      );
    }
    return judgedWithout(outcome, {
      endpointslices: needsSlices
        ? `ready endpoints unknown: ${slicesUnreadable}`
        : undefined,
    });
  },
};

/** Labels of a namespace, or the one label every namespace carries when the namespace is not there. */
function namespaceLabels(context: BuiltinClusterContext, name: string) {
  return (
    context.index.namespaceLabels.get(name) ?? {
      'kubernetes.io/metadata.name': name,
    }
  );
}

const scope: BuiltinClusterCheck = {
  id: 'webhook.scope',
  dimension: 'failure-boundary',
  kinds: ['admission-webhook'],
  severity: 'critical',
  scope: 'cluster',
  reads: [...WEBHOOK_READS, 'namespaces'],
  // without the Namespaces' labels, only selectors on the namespace name prove a match
  failStandsWithout: [...WEBHOOK_READS, 'namespaces'],
  title: 'Webhooks cannot lock the cluster or themselves out',
  remediation:
    "Exclude kube-system and the webhook's own namespace with a namespaceSelector (e.g. kubernetes.io/metadata.name NotIn [kube-system, <own>]), narrow rules to the resources you need, and never intercept Leases in kube-node-lease, TokenReviews or SubjectAccessReviews.",
  docsUrl: `${DOCS}#avoiding-deadlocks-in-self-hosted-webhooks`,
  evaluate(_component, context) {
    const webhooks = context.facts.webhooks;
    if (!webhooks.length) return noWebhooks(context);
    const radius = context.facts.blastRadius;
    const namespacesRead = !context.index.unreadable('namespaces');
    const failures: Array<[AdmissionWebhook, string]> = [];
    const warnings: Array<[AdmissionWebhook, string]> = [];
    for (const webhook of webhooks) {
      const namespaced = webhook.rules.some(
        r => r.scope === '*' || r.scope === 'Namespaced',
      );
      const matches = (ns: string) =>
        namespaced &&
        (namespacesRead
          ? selectorMatches(
              webhook.namespaceSelector,
              namespaceLabels(context, ns),
            )
          : selectorMatchesNamespaceName(webhook.namespaceSelector, ns));
      const own = webhook.service?.namespace;
      if (webhook.failurePolicy === 'Fail') {
        const locked = [
          'kube-system',
          ...(own && own !== 'kube-system' ? [own] : []),
        ].filter(matches);
        if (locked.length) {
          failures.push([
            webhook,
            `(failurePolicy Fail) can match namespace ${locked.join(' and ')}`,
          ]);
        }
      }
      if (
        webhook.rules.some(isBroadRule) &&
        isEmptySelector(webhook.namespaceSelector) &&
        isEmptySelector(webhook.objectSelector)
      ) {
        warnings.push([
          webhook,
          'matches every group or every resource of built-in groups with no namespace or object selector',
        ]);
      }
      if (
        webhook.rules.some(r =>
          ruleCoversResource(r, 'coordination.k8s.io', 'leases'),
        ) &&
        matches('kube-node-lease')
      ) {
        warnings.push([webhook, 'matches Leases in kube-node-lease']);
      }
      if (
        webhook.rules.some(r =>
          ruleCoversResource(r, 'authentication.k8s.io', 'tokenreviews'),
        )
      ) {
        warnings.push([webhook, 'matches TokenReviews']);
      }
      if (
        webhook.rules.some(r =>
          ruleCoversResource(r, 'authorization.k8s.io', 'subjectaccessreviews'),
        )
      ) {
        warnings.push([webhook, 'matches SubjectAccessReviews']);
      }
    }
    const observed = {
      matchedNamespaces: Object.fromEntries(
        radius.map(r => [r.name, r.matchedNamespaces.length]),
      ),
      totalNamespaces: context.index.namespaceLabels.size,
    };
    /** Findings grouped by what they say: `a and 3 more webhooks matches TokenReviews`. */
    const describeFindings = (found: Array<[AdmissionWebhook, string]>) => {
      // one webhook's findings in one phrase, then webhooks saying the same grouped
      const perWebhook = new Map<AdmissionWebhook, string[]>();
      for (const [webhook, text] of found)
        perWebhook.set(webhook, [...(perWebhook.get(webhook) ?? []), text]);
      const byText = new Map<string, AdmissionWebhook[]>();
      for (const [webhook, texts] of perWebhook) {
        const text = texts.every(t => t.startsWith('matches '))
          ? `matches ${and(texts.map(t => t.slice('matches '.length)))}`
          : texts.join(', ');
        byText.set(text, [...(byText.get(text) ?? []), webhook]);
      }
      return listed(
        [...byText].map(([text, group]) => `${webhookNames(group)} ${text}`),
        2,
      );
    };
    if (failures.length) return fail(describeFindings(failures), observed);
    if (warnings.length) return warn(describeFindings(warnings), observed);
    const widest = Math.max(0, ...radius.map(r => r.matchedNamespaces.length));
    return pass(
      `${counted(webhooks.length, 'webhook', [
        'matches',
        'match',
      ])} at most ${widest} of ${
        context.index.namespaceLabels.size
      } namespaces; none with failurePolicy Fail reaches kube-system or its own namespace`,
      observed,
    );
  },
};

const matchConditions: BuiltinClusterCheck = {
  id: 'webhook.match-conditions',
  dimension: 'failure-boundary',
  kinds: ['admission-webhook'],
  severity: 'medium',
  scope: 'cluster',
  reads: WEBHOOK_READS,
  title: 'Broad webhooks filter with matchConditions',
  remediation:
    'Add matchConditions (CEL, GA in 1.30, up to 64) so the API server skips requests the webhook does not need, e.g. requests from system users or of unrelated kinds.',
  docsUrl:
    'https://kubernetes.io/docs/reference/access-authn-authz/extensible-admission-controllers/#matching-requests-matchconditions',
  evaluate(_component, context) {
    const isBroad = (w: AdmissionWebhook) => w.rules.some(isBroadRule);
    return judgeWebhooks(context, {
      observe: ['matchConditions', w => w.matchConditions.length],
      findings: [
        {
          when: w => isBroad(w) && w.matchConditions.length === 0,
          verdict: unfiltered => [
            'warn',
            `${webhookNames(unfiltered)} ${
              new Set(unfiltered.map(w => w.name)).size === 1
                ? 'matches'
                : 'match'
            } every group or every resource of built-in groups with no matchConditions`,
          ],
        },
      ],
      pass: webhooks => {
        const broad = webhooks.filter(isBroad);
        return broad.length
          ? `broad ${describeWebhooks(
              broad,
              w => `(${plural(w.matchConditions.length, 'matchCondition')})`,
            )} filter with matchConditions`
          : `${counted(webhooks.length, 'webhook', [
              'names its',
              'name their',
            ])} groups and resources explicitly`;
      },
    });
  },
};

const matchPolicy: BuiltinClusterCheck = {
  id: 'webhook.match-policy',
  dimension: 'failure-boundary',
  kinds: ['admission-webhook'],
  severity: 'medium',
  scope: 'cluster',
  reads: WEBHOOK_READS,
  title: 'matchPolicy is Equivalent',
  remediation:
    'Use matchPolicy Equivalent (the v1 default) so requests through other API versions of the same resource are intercepted too.',
  docsUrl:
    'https://kubernetes.io/docs/reference/access-authn-authz/extensible-admission-controllers/#matching-requests-matchpolicy',
  evaluate(_component, context) {
    return judgeWebhooks(context, {
      observe: ['matchPolicies', w => w.matchPolicy],
      findings: [
        {
          when: w => w.matchPolicy === 'Exact',
          verdict: exact => [
            'warn',
            `${describeWebhooks(
              exact,
              w => `matchPolicy ${defaulted('Exact', w.matchPolicyDefaulted)}`,
            )}: requests through other versions bypass it`,
          ],
        },
      ],
      pass: webhooks =>
        `${counted(webhooks.length, 'webhook', [
          'uses',
          'use',
        ])} matchPolicy Equivalent`,
    });
  },
};

const sideEffects: BuiltinClusterCheck = {
  id: 'webhook.side-effects',
  dimension: 'failure-boundary',
  kinds: ['admission-webhook'],
  severity: 'high',
  scope: 'cluster',
  reads: WEBHOOK_READS,
  failStandsWithout: WEBHOOK_READS,
  title: 'Webhooks declare no side effects',
  remediation:
    'Make the webhook free of side effects and set sideEffects None (or NoneOnDryRun if it skips them on dry runs); never create external things inside an API request.',
  docsUrl:
    'https://kubernetes.io/docs/reference/access-authn-authz/extensible-admission-controllers/#side-effects',
  evaluate(_component, context) {
    const ok = new Set(['None', 'NoneOnDryRun']);
    return judgeWebhooks(context, {
      observe: ['sideEffects', w => w.sideEffects ?? null],
      findings: [
        {
          when: w => !ok.has(w.sideEffects ?? ''),
          verdict: bad => [
            'fail',
            `${describeWebhooks(
              bad,
              w =>
                `sideEffects ${w.sideEffects ?? 'unset'}${
                  !w.v1 && w.sideEffects === 'Unknown'
                    ? ' (v1beta1 default)'
                    : ''
                }`,
            )}: dry-run requests fail and retries repeat effects`,
          ],
        },
      ],
      pass: webhooks =>
        `${counted(webhooks.length, 'webhook', [
          'declares',
          'declare',
        ])} sideEffects ${[...new Set(webhooks.map(w => w.sideEffects))].join(
          '/',
        )}`,
    });
  },
};

const reviewVersions: BuiltinClusterCheck = {
  id: 'webhook.review-versions',
  dimension: 'failure-boundary',
  kinds: ['admission-webhook'],
  severity: 'high',
  scope: 'cluster',
  reads: WEBHOOK_READS,
  failStandsWithout: WEBHOOK_READS,
  title: 'Webhooks accept AdmissionReview v1',
  remediation:
    'Support admission.k8s.io/v1 AdmissionReview and list v1 first in admissionReviewVersions.',
  docsUrl:
    'https://kubernetes.io/docs/reference/access-authn-authz/extensible-admission-controllers/#request',
  evaluate(_component, context) {
    return judgeWebhooks(context, {
      observe: ['admissionReviewVersions', w => w.admissionReviewVersions],
      findings: [
        {
          when: w => !w.admissionReviewVersions.includes('v1'),
          verdict: bad => [
            'fail',
            `${describeWebhooks(
              bad,
              w =>
                `admissionReviewVersions [${w.admissionReviewVersions.join(
                  ', ',
                )}]`,
            )} without v1`,
          ],
        },
      ],
      pass: webhooks =>
        `${counted(webhooks.length, 'webhook', [
          'accepts',
          'accept',
        ])} AdmissionReview v1`,
    });
  },
};

export const REINVOCATION_SCENARIO = 'webhook-reinvocation-idempotent';

const reinvocation: BuiltinClusterCheck = {
  id: 'webhook.reinvocation',
  dimension: 'failure-boundary',
  kinds: ['admission-webhook'],
  severity: 'info',
  scope: 'cluster',
  reads: WEBHOOK_READS,
  title: 'Reinvoked mutating webhooks are proven idempotent',
  remediation: `With reinvocationPolicy IfNeeded the webhook may run twice on one request: prove it idempotent with a passing '${REINVOCATION_SCENARIO}' experiment, or use Never.`,
  docsUrl:
    'https://kubernetes.io/docs/reference/access-authn-authz/extensible-admission-controllers/#reinvocation-policy',
  evaluate(_component, context) {
    return judgeWebhooks(context, {
      webhooks: context.facts.webhooks.filter(w => w.mutating),
      none: `no mutating webhook of this component in cluster ${context.index.name}`,
      observe: ['reinvocationPolicies', w => w.reinvocationPolicy],
      findings: [
        {
          when: w => w.reinvocationPolicy === 'IfNeeded',
          verdict: ifNeeded => {
            const run = freshPassingRun(context, REINVOCATION_SCENARIO);
            return run
              ? [
                  'pass',
                  `${webhookNames(
                    ifNeeded,
                  )} reinvocationPolicy IfNeeded; idempotence proven by ${
                    run.id
                  } (${String(run.startedAt).slice(0, 10)})`,
                ]
              : [
                  'warn',
                  `${webhookNames(
                    ifNeeded,
                  )} reinvocationPolicy IfNeeded with no fresh passing '${REINVOCATION_SCENARIO}' experiment`,
                ];
          },
        },
      ],
      pass: mutating =>
        `${plural(
          mutating.length,
          'mutating webhook',
        )} with reinvocationPolicy Never`,
    });
  },
};

export const webhookChecks = [
  timeout,
  failurePolicy,
  scope,
  matchConditions,
  matchPolicy,
  sideEffects,
  reviewVersions,
  reinvocation,
];
