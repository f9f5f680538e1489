import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Entity } from '@backstage/catalog-model';
import { EntityProvider } from '@backstage/plugin-catalog-react';
import {
  BlastRadius,
  ComponentDetail,
  RbacFinding,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import {
  checkResult,
  componentDetail,
  scorecard,
} from '../../__testUtils__/fixtures';
import {
  API,
  renderScorecard,
  setupScorecardServer,
} from '../../__testUtils__/renderScorecard';
import { EntityExtensionScorecardContent } from './EntityExtensionScorecardContent';

const server = setupScorecardServer();
jest.setTimeout(30_000);

const entity: Entity = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Component',
  metadata: { name: 'kyverno' },
  spec: { type: 'kubernetes-extension', owner: 'group:default/team-security' },
};
const DETAIL_URL = `${API}/components/${encodeURIComponent(
  'component:default/kyverno',
)}`;

async function renderDetail(detail: ComponentDetail) {
  server.use(http.get(DETAIL_URL, () => HttpResponse.json(detail)));
  await renderScorecard(
    <EntityProvider entity={entity}>
      <EntityExtensionScorecardContent />
    </EntityProvider>,
  );
  await screen.findByText('Checks by dimension');
}

const EXPIRED_MESSAGE =
  'CN=kyverno-ca in ValidatingWebhookConfiguration/kyverno-resource-validating-webhook-cfg expired on 2026-04-15, 5 days ago';
const expired = checkResult({
  checkId: 'cert.expiry',
  dimension: 'certificates',
  severity: 'critical',
  status: 'fail',
  cluster: 'prod-eu',
  message: EXPIRED_MESSAGE,
  remediation: 'Rotate the CA and update the caBundle.',
});
const replicas = checkResult({
  checkId: 'availability.replicas',
  dimension: 'availability',
  severity: 'high',
  status: 'fail',
  cluster: 'prod-eu',
  message: 'kyverno-admission-controller runs 1 ready replica (< 2)',
});
const pdb = checkResult({
  checkId: 'availability.pdb',
  dimension: 'availability',
  severity: 'medium',
  status: 'fail',
  cluster: 'prod-eu',
  message: 'no PodDisruptionBudget covers kyverno-admission-controller',
});

/** A component blocked from L2 by three fails, listed by the server in check order. */
function blockedDetail(): ComponentDetail {
  return componentDetail({
    scorecard: scorecard({
      hardGates: [expired],
      results: [replicas, pdb, expired],
      dimensions: { availability: 'fail', certificates: 'fail' },
      nextLevelBlockers: [
        `availability.pdb fails in prod-eu: ${pdb.message}`,
        `availability.replicas fails in prod-eu: ${replicas.message}`,
        `cert.expiry fails in prod-eu: ${EXPIRED_MESSAGE}`,
      ],
    }),
  });
}

describe('the entity tab', () => {
  it('shows a long message once, in the check row; the gate and the blocker link to it', async () => {
    await renderDetail(blockedDetail());
    expect(screen.getAllByText(EXPIRED_MESSAGE)).toHaveLength(1);
    const row = screen.getByTestId('check-cert.expiry');
    expect(within(row).getByText(EXPIRED_MESSAGE)).toBeInTheDocument();

    const gates = screen.getByLabelText('Hard gates');
    await userEvent.click(
      within(gates).getByRole('link', { name: 'cert.expiry (prod-eu)' }),
    );
    await waitFor(() => expect(row).toHaveFocus());
  });

  it('opens a closed dimension to show the check a blocker names', async () => {
    const warnOnly = checkResult({
      checkId: 'observability.alerts',
      dimension: 'observability',
      severity: 'medium',
      status: 'warn',
      cluster: null,
      message: 'no alert rule for the webhook rejection rate',
    });
    await renderDetail(
      componentDetail({
        scorecard: scorecard({
          level: 2,
          hardGates: [],
          results: [warnOnly],
          dimensions: { observability: 'warn' },
          nextLevelBlockers: [
            `observability.alerts warns: ${warnOnly.message}`,
          ],
        }),
      }),
    );
    // a dimension that only warns starts closed
    expect(
      screen.queryByTestId('check-observability.alerts'),
    ).not.toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('link', { name: 'observability.alerts warns' }),
    );
    const row = await screen.findByTestId('check-observability.alerts');
    await waitFor(() => expect(row).toHaveFocus());
    expect(screen.getAllByText(warnOnly.message)).toHaveLength(1);
  });

  it('orders "To reach" by severity: the expired certificate first', async () => {
    await renderDetail(blockedDetail());
    const list = screen.getByRole('list', {
      name: 'Blockers, most severe first',
    });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map(item => item.textContent),
    ).toEqual([
      'cert.expiry fails in prod-eu (critical)',
      'availability.replicas fails in prod-eu (high)',
      'availability.pdb fails in prod-eu (medium)',
    ]);
  });

  it('does not call an owned component unowned when its declaration keeps it at L0', async () => {
    await renderDetail(
      componentDetail({
        scorecard: scorecard({
          level: 0,
          hardGates: [],
          results: [
            checkResult({
              checkId: 'ownership.owner-exists',
              dimension: 'ownership',
              status: 'pass',
              cluster: null,
              message: 'owned by group:default/team-security',
            }),
            checkResult({
              checkId: 'ownership.design-record',
              dimension: 'ownership',
              status: 'fail',
              cluster: null,
              message:
                'component:default/kyverno has no spec.extension design record',
            }),
          ],
          nextLevelBlockers: [
            'ownership.design-record fails: component:default/kyverno has no spec.extension design record',
          ],
        }),
        designRecord: null,
      }),
    );
    expect(screen.getByText('L0 owned, not yet declared')).toBeInTheDocument();
    expect(screen.queryByText('L0 unowned')).not.toBeInTheDocument();
  });

  it('groups RBAC findings by binding and role: one row for cluster-admin in two clusters', async () => {
    const checks: RbacFinding['checkId'][] = [
      'rbac.cluster-admin',
      'rbac.wildcards',
      'rbac.secrets',
      'rbac.escalation',
      'rbac.webhook-write',
      'rbac.pod-exec',
    ];
    const findings: RbacFinding[] = ['prod-eu', 'staging-us'].flatMap(cluster =>
      checks.map(checkId => ({
        cluster,
        checkId,
        serviceAccount: 'kyverno/kyverno-admission-controller',
        binding: 'ClusterRoleBinding/kyverno:admin',
        role: 'ClusterRole/cluster-admin',
        rule: { apiGroups: ['*'], resources: ['*'], verbs: ['*'] },
        declared: false,
      })),
    );
    await renderDetail(
      componentDetail({ scorecard: scorecard({ rbacFindings: findings }) }),
    );
    const rows = screen.getAllByTestId('rbac-grant');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('prod-eu');
    expect(rows[0]).toHaveTextContent('staging-us');
    expect(rows[0]).toHaveTextContent('→ ClusterRole/cluster-admin');
    for (const checkId of checks) {
      expect(within(rows[0]).getAllByText(checkId)).toHaveLength(1);
    }
  });

  it('shows the blast radius as a table: one row per webhook, an APIService in its own terms', async () => {
    const webhook = (name: string, cluster: string): BlastRadius => ({
      cluster,
      name,
      objectKind: 'ValidatingWebhookConfiguration',
      operations: ['CREATE', 'UPDATE'],
      resources: ['*/*/*'],
      matchedNamespaces: ['default', 'payments'],
      totalNamespaces: 4,
      namespaceSelector: 'kubernetes.io/metadata.name notin (kyverno)',
      clusterScoped: false,
      failurePolicy: 'Fail',
      timeoutSeconds: 10,
      worstCaseLatencySeconds: 30,
      overlappingWebhooks: [
        'mutate.kyverno.svc-fail',
        'mutate.kyverno.svc-ignore',
      ].filter(other => other !== name),
    });
    const names = [
      'validate.kyverno.svc-fail',
      'validate.kyverno.svc-ignore',
      'mutate.kyverno.svc-fail',
      'mutate.kyverno.svc-ignore',
    ];
    const apiService: BlastRadius = {
      cluster: 'prod-eu',
      name: 'v1beta1.metrics.k8s.io',
      objectKind: 'APIService',
      groupVersion: 'metrics.k8s.io/v1beta1',
      operations: ['*'],
      resources: ['metrics.k8s.io/v1beta1/*'],
      matchedNamespaces: ['default', 'kube-system'],
      totalNamespaces: 2,
      namespaceSelector: '{}',
      objectSelector: '{}',
      clusterScoped: true,
      failurePolicy: 'Fail',
      timeoutSeconds: null,
      worstCaseLatencySeconds: null,
    };
    await renderDetail(
      componentDetail({
        scorecard: scorecard({
          blastRadius: [
            ...['prod-eu', 'staging-us'].flatMap(cluster =>
              names.map(name => webhook(name, cluster)),
            ),
            apiService,
          ],
        }),
      }),
    );
    const webhooks = screen.getByRole('table', {
      name: 'Admission webhooks and policies',
    });
    // 4 webhooks × 2 clusters: 4 rows (plus the header)
    expect(within(webhooks).getAllByRole('row')).toHaveLength(5);
    const row = within(webhooks).getByRole('row', {
      name: 'validate.kyverno.svc-fail',
    });
    // its clusters, each once as a badge (and again over its own namespaces)
    expect(within(row).getAllByText('prod-eu')).toHaveLength(2);
    expect(within(row).getAllByText('staging-us')).toHaveLength(2);
    expect(row).toHaveTextContent(
      'Waits up to 10 s per call (timeoutSeconds). A matched request can wait up to 30 s: 2 other webhooks of this component (mutate.kyverno.svc-fail, mutate.kyverno.svc-ignore) match the same requests',
    );

    const apis = screen.getByRole('table', { name: 'Aggregated APIs' });
    const api = within(apis).getByRole('row', {
      name: 'v1beta1.metrics.k8s.io',
    });
    expect(api).toHaveTextContent('metrics.k8s.io/v1beta1');
    expect(api).toHaveTextContent(
      'Discovery of metrics.k8s.io/v1beta1 fails and every request for it is refused',
    );
    expect(apis).not.toHaveTextContent(/failurePolicy|objectSelector/);
  });

  it("shows the design record: the team's answers, and what to write for the rest", async () => {
    await renderDetail(componentDetail());
    const record = screen.getByRole('table', { name: 'Design record' });
    // answered: the team's words, not the kind's generic sentence
    expect(
      within(screen.getByTestId('design-failureImpact')).queryByText(
        /Not answered/,
      ),
    ).not.toBeInTheDocument();
    expect(
      screen.getByText(/When it fails \(the team's answer\)/),
    ).toBeInTheDocument();
    expect(
      screen.queryByText(/matched API requests slow down or fail/),
    ).not.toBeInTheDocument();
    // unanswered: what to write
    expect(
      within(screen.getByTestId('design-observability')).getByText(
        /Not answered\. The status conditions, Events, metrics and alerts/,
      ),
    ).toBeInTheDocument();
    const owners = screen.getByTestId('design-responsibilities');
    expect(owners).toHaveTextContent('certificatesteam-security');
    expect(owners).toHaveTextContent('capacitynobody named');
    expect(record).toHaveTextContent('>=1.29.0 <1.36.0');

    const snippet = screen.getByTestId('design-snippet');
    expect(snippet).toHaveTextContent('observability: "TODO:');
    expect(snippet).toHaveTextContent('rollout: "TODO:');
    expect(snippet).toHaveTextContent('capacity: group:default/team-security');
    expect(snippet).toHaveTextContent(
      'retirement: group:default/team-security',
    );
    expect(snippet).not.toHaveTextContent('whyNotBuiltIn');
    expect(within(snippet).getByRole('button')).toBeInTheDocument();
  });

  it("gives the kind's sentence only as a hint when the team has not answered", async () => {
    await renderDetail(componentDetail({ designRecord: null }));
    expect(
      screen.getByText(/When it fails \(typical for the kind/),
    ).toHaveTextContent('matched API requests slow down or fail');
    const impact = screen.getByTestId('design-failureImpact');
    expect(impact).toHaveTextContent('Not answered');
    expect(impact).toHaveTextContent(
      'Typical for the Admission webhook kind: matched API requests slow down or fail.',
    );
    expect(screen.getByTestId('design-snippet')).toHaveTextContent(
      'kind: admission-webhook',
    );
  });
});
