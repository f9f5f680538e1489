import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import {
  clusterUpgradeReadiness,
  upgradeFinding,
  upgradeReadinessReport,
} from '../../__testUtils__/fixtures';
import {
  API,
  errorBody,
  renderScorecard,
  setupScorecardServer,
} from '../../__testUtils__/renderScorecard';
import { UpgradeReadinessPanel } from './UpgradeReadinessPanel';

const server = setupScorecardServer();
jest.setTimeout(30_000);

const LONG_MESSAGE =
  'clients still request policy/v1beta1 poddisruptionbudgets (API server metric, since the API server started), removed in 1.25; use policy/v1. The audit log names them: events annotated k8s.io/deprecated';

const blockedCluster = clusterUpgradeReadiness({
  cluster: 'prod-eu',
  currentVersion: '1.31',
  targetVersion: '1.32',
  findings: [
    upgradeFinding(),
    upgradeFinding({
      object: 'HorizontalPodAutoscaler kyverno/kyverno',
      apiVersion: 'autoscaling/v2beta2',
      replacement: 'autoscaling/v2',
      source: 'managed-fields',
      sourceDetail: 'kube-controller-manager',
      removedIn: '1.26',
      message:
        'HorizontalPodAutoscaler kyverno/kyverno written through autoscaling/v2beta2 by field manager kube-controller-manager',
    }),
    upgradeFinding({
      severity: 'warning',
      category: 'requested-api',
      checkId: null,
      componentId: null,
      componentName: null,
      owner: null,
      object: 'policy/v1beta1 poddisruptionbudgets',
      source: 'apiserver-metric',
      sourceDetail:
        'apiserver_requested_deprecated_apis{group="policy",version="v1beta1",resource="poddisruptionbudgets"}',
      removedIn: '1.25',
      message: LONG_MESSAGE,
    }),
    upgradeFinding({
      severity: 'blocker',
      category: 'crd-storage-migration',
      checkId: 'upgrade.crd-versions',
      componentId: 'component:default/cert-manager',
      componentName: 'cert-manager',
      owner: 'group:default/team-storage',
      object: 'CustomResourceDefinition certificates.cert-manager.io',
      apiVersion: 'cert-manager.io/v1alpha2',
      replacement: 'cert-manager.io/v1',
      source: 'crd-status',
      sourceDetail: 'status.storedVersions [v1alpha2, v1]',
      removedIn: null,
      message: 'objects may still be stored as v1alpha2',
    }),
  ],
  sources: [
    { source: 'object', state: 'read', reason: null },
    {
      source: 'apiserver-metric',
      state: 'unavailable',
      reason: 'forbidden: GET /metrics: 403 Forbidden',
    },
  ],
});

const readyCluster = clusterUpgradeReadiness({
  cluster: 'staging-us',
  currentVersion: '1.32',
  targetVersion: '1.33',
  findings: [],
});

const unknownCluster = clusterUpgradeReadiness({
  cluster: 'edge-ap',
  currentVersion: null,
  targetVersion: null,
  state: 'unknown',
  reason:
    'the server version was not read: forbidden; the target minor is unknown',
  findings: [],
});

/** Answers /upgrade-readiness with the report and records each request's query. */
function upgradeHandler(
  report = upgradeReadinessReport({
    clusters: [readyCluster, blockedCluster, unknownCluster],
    hiddenFindings: 3,
  }),
) {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get(`${API}/upgrade-readiness`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      requests.push(params);
      const owners = params.getAll('owner');
      if (owners.length === 0) return HttpResponse.json(report);
      return HttpResponse.json(
        upgradeReadinessReport({
          // as the backend does: only the team's findings, counted again
          clusters: report.clusters.map(cluster =>
            clusterUpgradeReadiness({
              cluster: cluster.cluster,
              currentVersion: cluster.currentVersion,
              targetVersion: cluster.targetVersion,
              reason: cluster.reason,
              sources: cluster.sources,
              findings: cluster.findings.filter(
                f => f.owner !== null && owners.includes(f.owner),
              ),
              ...(cluster.currentVersion === null
                ? { state: 'unknown' as const }
                : {}),
            }),
          ),
        }),
      );
    }),
  );
  return requests;
}

describe('UpgradeReadinessPanel', () => {
  it('shows progress while the report loads', async () => {
    server.use(
      http.get(`${API}/upgrade-readiness`, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    await renderScorecard(<UpgradeReadinessPanel reloadKey={0} />);
    expect(screen.getByText('Ready for the next minor')).toBeInTheDocument();
    expect(screen.getByTestId('progress')).toBeInTheDocument();
  });

  it('says so when there is no snapshot yet', async () => {
    upgradeHandler(
      upgradeReadinessReport({ snapshot: null, takenAt: null, clusters: [] }),
    );
    await renderScorecard(<UpgradeReadinessPanel reloadKey={0} />);
    expect(await screen.findByText('No snapshot yet')).toBeInTheDocument();
  });

  it('shows the API error', async () => {
    server.use(
      http.get(`${API}/upgrade-readiness`, () =>
        HttpResponse.json(
          ...errorBody(
            403,
            'NotAllowedError',
            'missing extension-scorecard.read',
          ),
        ),
      ),
    );
    await renderScorecard(<UpgradeReadinessPanel reloadKey={0} />);
    expect(
      (await screen.findAllByText(/missing extension-scorecard.read/)).length,
    ).toBeGreaterThan(0);
  });

  it('shows each cluster with its versions, state and counts, blocked first', async () => {
    upgradeHandler();
    await renderScorecard(<UpgradeReadinessPanel reloadKey={0} />);
    const prod = await screen.findByTestId('upgrade-cluster-prod-eu');
    expect(prod).toHaveTextContent('Blocked');
    expect(prod).toHaveTextContent(
      'prod-eu 1.31 → 1.32: 3 blockers, 1 warning',
    );
    expect(
      within(prod).getByRole('button', { name: /prod-eu 1\.31 → 1\.32/ }),
    ).toHaveAttribute('aria-expanded', 'false');

    const staging = screen.getByTestId('upgrade-cluster-staging-us');
    expect(staging).toHaveTextContent('Ready');
    expect(staging).toHaveTextContent(
      'staging-us 1.32 → 1.33: nothing found that blocks 1.33',
    );
    // nothing to expand
    expect(within(staging).queryByRole('button')).not.toBeInTheDocument();

    const edge = screen.getByTestId('upgrade-cluster-edge-ap');
    expect(edge).toHaveTextContent('Unknown');
    expect(edge).toHaveTextContent('edge-ap version not read');
    expect(edge).toHaveTextContent('the server version was not read');

    expect(
      screen.getByText('3 clusters: 1 blocked, 1 unknown, 1 ready'),
    ).toBeInTheDocument();
    // blocked, unknown, ready
    expect(
      screen.getAllByTestId(/^upgrade-cluster-/).map(e => e.dataset.testid),
    ).toEqual([
      'upgrade-cluster-prod-eu',
      'upgrade-cluster-edge-ap',
      'upgrade-cluster-staging-us',
    ]);

    // The evidence it could not read, with what to grant.
    expect(
      within(prod).getByRole('list', { name: 'Evidence not read in prod-eu' }),
    ).toHaveTextContent(
      'API server metric not read: forbidden: GET /metrics: 403 Forbidden — grant the collector get on nonResourceURLs /metrics',
    );
    expect(screen.getByTestId('upgrade-hidden-findings')).toHaveTextContent(
      '3 more findings of components you may not see',
    );
  });

  it('expands a cluster into its findings, sources said in words', async () => {
    upgradeHandler();
    await renderScorecard(<UpgradeReadinessPanel reloadKey={0} />);
    const prod = await screen.findByTestId('upgrade-cluster-prod-eu');
    const toggle = within(prod).getByRole('button', { name: /prod-eu/ });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const table = screen.getByRole('table', {
      name: 'Upgrade findings in prod-eu',
    });
    expect(
      document.getElementById(toggle.getAttribute('aria-controls')!),
    ).toContainElement(table);
    const rows = within(table).getAllByTestId('upgrade-finding-row');
    expect(rows).toHaveLength(4);

    expect(rows[0]).toHaveTextContent('blocker');
    expect(rows[0]).toHaveTextContent('Removed API');
    expect(rows[0]).toHaveTextContent(
      'PodDisruptionBudget kyverno/kyverno-admission-controller',
    );
    expect(rows[0]).toHaveTextContent('policy/v1beta1 → policy/v1');
    expect(rows[0]).toHaveTextContent('1.25');
    expect(rows[0]).toHaveTextContent('kubectl last-applied annotation');
    expect(
      within(rows[0]).getByRole('link', { name: 'kyverno' }),
    ).toHaveAttribute(
      'href',
      '/extension-scorecard/components/component%3Adefault%2Fkyverno',
    );
    expect(rows[0]).toHaveTextContent('team-security');

    expect(rows[1]).toHaveTextContent('field manager kube-controller-manager');
    expect(rows[1]).toHaveTextContent('autoscaling/v2beta2 → autoscaling/v2');
    expect(rows[2]).toHaveTextContent('Deprecated API still requested');
    expect(rows[2]).toHaveTextContent('API server metric');
    expect(rows[2]).toHaveTextContent('cluster-wide');
    expect(rows[3]).toHaveTextContent('CRD storage migration');
    expect(rows[3]).toHaveTextContent('CRD status.storedVersions');
    // no slugs
    expect(table).not.toHaveTextContent('removed-api');
    expect(
      within(table)
        .getAllByText(/annotation|field manager|metric|storedVersions/)
        .map(e => e.textContent),
    ).not.toContain('last-applied-configuration');

    // The long message is cut, its full text is there on demand.
    expect(rows[2]).toHaveTextContent('…');
    expect(rows[2]).not.toHaveTextContent(LONG_MESSAGE);
    const more = within(rows[2]).getByRole('button', {
      name: 'Show the full text',
    });
    await userEvent.click(more);
    expect(rows[2]).toHaveTextContent(LONG_MESSAGE);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    // The metric series is behind the source, on hover or focus.
    await userEvent.hover(
      within(rows[2]).getByRole('img', { name: /^API server metric \(/ }),
    );
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'apiserver_requested_deprecated_apis{group="policy"',
    );

    // Keyboard: Enter folds it again.
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(
      screen.queryByRole('table', { name: 'Upgrade findings in prod-eu' }),
    ).not.toBeInTheDocument();
  });

  it('asks the server for one team when a team is chosen', async () => {
    const requests = upgradeHandler();
    await renderScorecard(<UpgradeReadinessPanel reloadKey={0} />);
    await screen.findByTestId('upgrade-cluster-prod-eu');
    expect(requests[0].getAll('owner')).toEqual([]);

    await userEvent.click(screen.getByLabelText('Findings of team'));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByText('Any team')).toBeInTheDocument();
    await userEvent.click(within(listbox).getByText('team-storage'));

    await waitFor(() =>
      expect(requests[requests.length - 1].getAll('owner')).toEqual([
        'group:default/team-storage',
      ]),
    );
    await waitFor(() =>
      expect(screen.getByTestId('upgrade-cluster-prod-eu')).toHaveTextContent(
        'prod-eu 1.31 → 1.32: 1 blocker',
      ),
    );
    expect(
      screen.getByText(
        /1 of 3 clusters have findings of team-storage's components/,
      ),
    ).toBeInTheDocument();
    // not "Ready": only the team's findings were asked for
    expect(screen.getByTestId('upgrade-cluster-staging-us')).toHaveTextContent(
      'No findings',
    );
  });

  it('lists teams with their counts and clusters, and shows one team', async () => {
    const requests = upgradeHandler();
    await renderScorecard(<UpgradeReadinessPanel reloadKey={0} />);
    await screen.findByTestId('upgrade-cluster-prod-eu');
    await userEvent.click(screen.getByText('By team'));
    const table = await screen.findByRole('table', {
      name: 'Upgrade findings by team',
    });
    const rows = within(table).getAllByTestId('upgrade-team-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('team-security');
    expect(rows[0]).toHaveTextContent('prod-eu');
    expect(
      within(table).getByText('no owner (orphans, cluster-wide)'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('upgrade-hidden-findings')).toBeInTheDocument();

    await userEvent.click(
      within(table).getByRole('button', {
        name: 'Show the findings of team-storage',
      }),
    );
    await waitFor(() =>
      expect(requests[requests.length - 1].getAll('owner')).toEqual([
        'group:default/team-storage',
      ]),
    );
    expect(
      await screen.findByTestId('upgrade-cluster-prod-eu'),
    ).toBeInTheDocument();
  });

  it('shows every finding on demand when a cluster has many', async () => {
    upgradeHandler(
      upgradeReadinessReport({
        clusters: [
          clusterUpgradeReadiness({
            findings: Array.from({ length: 25 }, (_, i) =>
              upgradeFinding({ object: `PodDisruptionBudget ns/pdb-${i}` }),
            ),
          }),
        ],
      }),
    );
    await renderScorecard(<UpgradeReadinessPanel reloadKey={0} />);
    await userEvent.click(
      await screen.findByRole('button', { name: /prod-eu/ }),
    );
    expect(screen.getAllByTestId('upgrade-finding-row')).toHaveLength(20);
    await userEvent.click(screen.getByText('Show all 25 findings'));
    expect(screen.getAllByTestId('upgrade-finding-row')).toHaveLength(25);
  });
});
