import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { LevelCounts } from '@extension-scorecard/plugin-extension-scorecard-common';
import {
  QUARTERS,
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
    expect(history).toHaveLength(1);
    expect(history[0].get('scope')).toBe('fleet');
    expect(history[0].get('from')).toBe(QUARTERS[1].snapshot.takenAt);
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
      expect(exports).toEqual([
        '2026-Q2:csv',
        '2026-Q2:json',
        '2026-Q2:upgrade-csv',
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
