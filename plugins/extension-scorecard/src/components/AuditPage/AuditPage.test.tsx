import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import {
  EXTENSION_KIND_INFO,
  LevelCounts,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import {
  QUARTERS,
  auditGroup,
  auditReport,
  statusCounts,
  upgradeReadinessReport,
} from '../../__testUtils__/fixtures';
import {
  API,
  errorBody,
  renderScorecard,
  setupScorecardServer,
} from '../../__testUtils__/renderScorecard';
import { AuditPage } from './AuditPage';

const server = setupScorecardServer();
jest.setTimeout(30_000);

const CSV =
  'quarter,component_id,check_id,status\n2026-Q2,component:default/kyverno,webhook.scope,fail\n';
const UPGRADE_CSV =
  'quarter,cluster,current_version,target_version,severity,category,object\n2026-Q2,prod-eu,1.31,1.32,blocker,removed-api,PodDisruptionBudget kyverno/kyverno-admission-controller\n';
const CAMPAIGNS_CSV =
  'quarter,campaign_id,title,state,team,in_scope,done,waived,open\n2026-Q2,webhooks-out-of-kube-system,Scope admission webhooks out of kube-system,open,,4,1,0,3\n';

function auditHandlers() {
  const reports: string[] = [];
  const exports: string[] = [];
  const history: URLSearchParams[] = [];
  server.use(
    http.get(`${API}/audit/quarters`, () =>
      HttpResponse.json({ items: QUARTERS }),
    ),
    http.get(`${API}/audit/:quarter`, ({ params }) => {
      const quarter = String(params.quarter);
      reports.push(quarter);
      return HttpResponse.json(
        auditReport({ quarter, complete: quarter === '2026-Q1' }),
      );
    }),
    http.get(`${API}/history`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      history.push(params);
      const point = (
        snapshotId: number,
        takenAt: string,
        levels: LevelCounts,
        averageScore: number,
      ) => ({
        snapshotId,
        takenAt,
        components: 14,
        levels,
        averageScore,
        counts: statusCounts(),
      });
      return HttpResponse.json({
        scope: 'fleet',
        key: null,
        points: [
          point(
            5,
            QUARTERS[1].snapshot.takenAt,
            { 0: 4, 1: 6, 2: 3, 3: 1 },
            55,
          ),
          point(6, '2026-04-10T08:00:00.000Z', { 0: 9, 1: 9, 2: 9, 3: 9 }, 1),
          point(
            7,
            QUARTERS[0].snapshot.takenAt,
            { 0: 3, 1: 6, 2: 4, 3: 2 },
            61.5,
          ),
        ],
      });
    }),
    http.get(`${API}/audit/:quarter/export`, ({ params, request }) => {
      const format = new URL(request.url).searchParams.get('format');
      exports.push(`${params.quarter}:${format}`);
      if (format === 'campaigns-csv') {
        return new HttpResponse(CAMPAIGNS_CSV, {
          headers: { 'Content-Type': 'text/csv' },
        });
      }
      if (format === 'csv' || format === 'upgrade-csv') {
        return new HttpResponse(format === 'csv' ? CSV : UPGRADE_CSV, {
          headers: { 'Content-Type': 'text/csv' },
        });
      }
      return HttpResponse.json({
        report: auditReport(),
        components: [],
        upgradeReadiness: upgradeReadinessReport(),
      });
    }),
  );
  return { reports, exports, history };
}

describe('AuditPage', () => {
  it('shows progress while the quarters load', async () => {
    server.use(
      http.get(`${API}/audit/quarters`, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    await renderScorecard(<AuditPage />);
    expect(screen.getByTestId('progress')).toBeInTheDocument();
  });

  it('says when there is no quarter yet', async () => {
    server.use(
      http.get(`${API}/audit/quarters`, () => HttpResponse.json({ items: [] })),
    );
    await renderScorecard(<AuditPage />);
    expect(
      await screen.findByText('No quarter to audit yet'),
    ).toBeInTheDocument();
  });

  it('shows errors', async () => {
    auditHandlers();
    server.use(
      http.get(`${API}/audit/:quarter`, () =>
        HttpResponse.json(
          ...errorBody(404, 'NotFoundError', 'no snapshot in 2026-Q2'),
        ),
      ),
    );
    await renderScorecard(<AuditPage />);
    expect(
      (await screen.findAllByText(/no snapshot in 2026-Q2/)).length,
    ).toBeGreaterThan(0);
  });

  it('shows the newest quarter: levels, trend, changes and the auditor lists', async () => {
    const { reports, history } = auditHandlers();
    await renderScorecard(<AuditPage />);
    expect(
      await screen.findByText('Levels at the end of 2026-Q2'),
    ).toBeInTheDocument();
    expect(reports).toEqual(['2026-Q2']);
    // The trend: one fleet history request from the oldest quarter's snapshot on,
    // keeping only the quarters' own snapshots (not snapshot 6).
    const fleet = history.filter(h => h.get('scope') === 'fleet');
    expect(fleet).toHaveLength(1);
    expect(fleet[0].get('from')).toBe(QUARTERS[1].snapshot.takenAt);
    expect(
      screen.getByRole('img', {
        name: /Levels by quarter\. 2026-Q1: L0 4, L1 6, L2 3, L3 1, average score 55; 2026-Q2 \(so far\): L0 3/,
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('Since 2026-Q1')).toBeInTheDocument();
    expect(screen.getByText('Better (1)')).toBeInTheDocument();
    expect(screen.getByText('Worse (0)')).toBeInTheDocument();
    expect(screen.getAllByText('team-security').length).toBeGreaterThan(0);
    expect(screen.getByText('orphans (no owner)')).toBeInTheDocument();
    expect(screen.getByText('Critical fails (1)')).toBeInTheDocument();
    expect(screen.getByText('Orphans (1)')).toBeInTheDocument();
    expect(screen.getByText('vault-agent-injector')).toBeInTheDocument();
    expect(screen.getByText('Waivers used (1)')).toBeInTheDocument();
    expect(screen.getByText('Waivers expired (0)')).toBeInTheDocument();
    expect(screen.getByText('Retirements due (1)')).toBeInTheDocument();
    expect(
      screen.getByText('webhook-backend-down passed 12 days ago'),
    ).toBeInTheDocument();
  });

  it('shows the campaigns of the quarter as they stood at its end', async () => {
    auditHandlers();
    server.use(
      // before the report's path, which would match it too
      http.get(`${API}/audit/quarters`, () =>
        HttpResponse.json({ items: QUARTERS }),
      ),
      http.get(`${API}/audit/:quarter`, ({ params }) =>
        HttpResponse.json(
          auditReport({
            quarter: String(params.quarter),
            campaigns: [
              {
                id: 'webhooks-out-of-kube-system',
                title: 'Scope admission webhooks out of kube-system',
                startsAt: '2026-04-01T00:00:00.000Z',
                deadline: '2026-06-30T00:00:00.000Z',
                enforceFrom: '2026-06-01T00:00:00.000Z',
                state: 'open',
                enforcement: 'announced',
                overdue: false,
                inScope: 4,
                done: 1,
                waived: 0,
                open: 3,
                teams: [
                  {
                    team: 'group:default/team-security',
                    inScope: 3,
                    done: 0,
                    waived: 0,
                    open: 3,
                  },
                ],
              },
            ],
          }),
        ),
      ),
    );
    await renderScorecard(<AuditPage />);
    await screen.findByText('Levels at the end of 2026-Q2');
    const row = await screen.findByTestId('audit-campaign');
    expect(
      screen.getByText('Campaigns at the end of 2026-Q2'),
    ).toBeInTheDocument();
    expect(row).toHaveTextContent(
      'Scope admission webhooks out of kube-system',
    );
    expect(row).toHaveTextContent('announced');
    expect(row).toHaveTextContent('1 of 4 done · 0 waived · 3 open');
    expect(row).toHaveTextContent(
      'team-security: 0 of 3 done · 0 waived · 3 open',
    );
  });

  it('shows the trend of one kind by quarter, picked from the kinds of the report', async () => {
    const { history } = auditHandlers();
    server.use(
      http.get(`${API}/audit/:quarter`, ({ params }) =>
        // `/audit/quarters` matches too: leave it to auditHandlers
        params.quarter === 'quarters'
          ? undefined
          : HttpResponse.json(
              auditReport({
                quarter: String(params.quarter),
                byKind: [
                  auditGroup({ key: 'admission-webhook', components: 4 }),
                  auditGroup({ key: 'csi', components: 1 }),
                ],
              }),
            ),
      ),
    );
    await renderScorecard(<AuditPage />);
    expect(
      await screen.findByRole('img', {
        name: /^Levels of Admission webhook by quarter\. 2026-Q1: L0 4/,
      }),
    ).toBeInTheDocument();
    const kindQuery = history.find(h => h.get('scope') === 'kind');
    expect(kindQuery?.get('key')).toBe('admission-webhook');
    expect(kindQuery?.get('from')).toBe(QUARTERS[1].snapshot.takenAt);

    await userEvent.click(screen.getByLabelText('Kind'));
    await userEvent.click(
      within(await screen.findByRole('listbox')).getByText(
        EXTENSION_KIND_INFO.csi.title,
      ),
    );
    expect(
      await screen.findByRole('img', {
        name: name =>
          name.startsWith(
            `Levels of ${EXTENSION_KIND_INFO.csi.title} by quarter. `,
          ),
      }),
    ).toBeInTheDocument();
    expect(history.some(h => h.get('key') === 'csi')).toBe(true);
  });

  it('says how many components the report leaves out for this reader', async () => {
    auditHandlers();
    server.use(
      http.get(`${API}/audit/:quarter`, ({ params }) =>
        // `/audit/quarters` matches too: leave it to auditHandlers
        params.quarter === 'quarters'
          ? undefined
          : HttpResponse.json(
              auditReport({
                quarter: String(params.quarter),
                orphans: [],
                hiddenByVisibility: 1,
              }),
            ),
      ),
    );
    await renderScorecard(<AuditPage />);
    expect(await screen.findByTestId('hidden-by-visibility')).toHaveTextContent(
      /^1 more you may not see/,
    );
    // no claim that every extension has an owner: one may be hidden
    expect(screen.getByText('Orphans (0)')).toBeInTheDocument();
    expect(
      screen.getByText('No orphan that you may see (1 more you may not see).'),
    ).toBeInTheDocument();
    expect(
      screen.queryByText('Every extension has an owner.'),
    ).not.toBeInTheDocument();
  });

  it('fits its tables: merged columns, kind names unbroken, long messages on demand, unique row ids', async () => {
    const errors = jest.spyOn(console, 'error');
    const long = `${'The webhook matches every namespace, kube-system included, and fails closed. '.repeat(
      4,
    )}\nRemediation: exclude kube-system.`;
    auditHandlers();
    server.use(
      http.get(`${API}/audit/:quarter`, ({ params }) => {
        if (params.quarter === 'quarters') return undefined;
        const base = auditReport({ quarter: String(params.quarter) });
        const fail = { ...base.criticalFails[0], message: long };
        return HttpResponse.json({
          ...base,
          // the same check failing in two clusters, and once more verbatim
          criticalFails: [fail, { ...fail, cluster: 'staging-us' }, fail],
        });
      }),
    );
    try {
      await renderScorecard(<AuditPage />);
      expect(await screen.findByText('Critical fails (3)')).toBeInTheDocument();
      // ten columns at most; levels share one
      const byKind = screen
        .getAllByRole('table')
        .find(
          t =>
            within(t).queryByText('L0 / L1 / L2 / L3') &&
            within(t).queryByText('Admission webhook'),
        )!;
      expect(
        within(byKind).getAllByRole('columnheader').length,
      ).toBeLessThanOrEqual(10);
      const kindCell = within(byKind).getByText('Admission webhook');
      // kind names wrap between their words only, never inside one
      expect(kindCell.closest('td')).toHaveStyle({
        whiteSpace: 'normal',
        wordBreak: 'keep-all',
      });
      // one line per message; the whole text behind a disclosure
      const summaries = screen.getAllByText(
        /^The webhook matches every namespace/,
        {
          selector: 'summary',
        },
      );
      expect(summaries).toHaveLength(3);
      expect(summaries[0]).toHaveStyle({
        whiteSpace: 'nowrap',
        textOverflow: 'ellipsis',
      });
      await userEvent.click(summaries[0]);
      expect(summaries[0].closest('details')).toHaveAttribute('open');
      expect(
        within(summaries[0].closest('details')!).getByText(
          /Remediation: exclude kube-system\./,
        ),
      ).toBeInTheDocument();
      // no React key warning from any table
      const keyWarnings = errors.mock.calls.filter(args =>
        String(args[0]).match(/same key|unique "key"/),
      );
      expect(keyWarnings).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });

  it('loads another quarter when picked', async () => {
    auditHandlers();
    await renderScorecard(<AuditPage />);
    await screen.findByText('Levels at the end of 2026-Q2');
    await userEvent.click(screen.getByLabelText('Quarter'));
    await userEvent.click(
      within(await screen.findByRole('listbox')).getByText('2026-Q1'),
    );
    expect(
      await screen.findByText('Levels at the end of 2026-Q1'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Quarter-end snapshot #7', { exact: false }),
    ).toBeInTheDocument();
  });

  it('downloads the CSV, the JSON export and the upgrade report', async () => {
    const { exports } = auditHandlers();
    const blobs: Blob[] = [];
    const names: string[] = [];
    const createObjectURL = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:audit';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(function recordDownload(this: HTMLAnchorElement) {
        names.push(this.download);
      });
    try {
      await renderScorecard(<AuditPage />);
      // Text queries: role queries are slow on a page this large in jsdom.
      await userEvent.click(await screen.findByText('Download CSV'));
      await waitFor(() =>
        expect(names).toEqual(['extension-scorecard-audit-2026-Q2.csv']),
      );
      expect(await blobs[0].text()).toBe(CSV);
      await userEvent.click(screen.getByText('Download JSON'));
      await waitFor(() => expect(names).toHaveLength(2));
      expect(names[1]).toBe('extension-scorecard-audit-2026-Q2.json');
      expect(JSON.parse(await blobs[1].text()).report.quarter).toBe('2026-Q2');
      await userEvent.click(screen.getByText('Upgrade report (CSV)'));
      await waitFor(() => expect(names).toHaveLength(3));
      expect(names[2]).toBe('extension-scorecard-upgrade-2026-Q2.csv');
      expect(await blobs[2].text()).toBe(UPGRADE_CSV);
      await userEvent.click(screen.getByText('Campaigns (CSV)'));
      await waitFor(() => expect(names).toHaveLength(4));
      expect(names[3]).toBe('extension-scorecard-campaigns-2026-Q2.csv');
      expect(await blobs[3].text()).toBe(CAMPAIGNS_CSV);
      expect(exports).toEqual([
        '2026-Q2:csv',
        '2026-Q2:json',
        '2026-Q2:upgrade-csv',
        '2026-Q2:campaigns-csv',
      ]);
      expect(
        screen.queryByTestId('audit-export-refused'),
      ).not.toBeInTheDocument();
    } finally {
      click.mockRestore();
    }
  });

  it('disables the downloads without the audit export permission, saying why', async () => {
    const { exports } = auditHandlers();
    await renderScorecard(<AuditPage />, {
      deny: ['extension-scorecard.audit.export'],
    });
    expect(await screen.findByTestId('audit-export-refused')).toHaveTextContent(
      'Only platform admins may download the audit export',
    );
    expect(screen.getByText('Download CSV').closest('button')).toBeDisabled();
    expect(screen.getByText('Download JSON').closest('button')).toBeDisabled();
    expect(
      screen.getByText('Upgrade report (CSV)').closest('button'),
    ).toBeDisabled();
    await userEvent.hover(
      screen.getByText('Download CSV').closest('button')!.parentElement!,
    );
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Only platform admins may download the audit export',
    );
    expect(exports).toEqual([]);
  });
});
