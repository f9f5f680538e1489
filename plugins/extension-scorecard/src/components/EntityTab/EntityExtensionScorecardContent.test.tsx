import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { Entity } from '@backstage/catalog-model';
import { EvaluatePermissionRequest } from '@backstage/plugin-permission-common';
import { EntityProvider } from '@backstage/plugin-catalog-react';
import {
  checkResult,
  componentDetail,
  scorecard,
  waiver,
} from '../../__testUtils__/fixtures';
import {
  API,
  RenderOptions,
  errorBody,
  renderScorecard,
  setupScorecardServer,
} from '../../__testUtils__/renderScorecard';
import { EntityExtensionScorecardContent } from './EntityExtensionScorecardContent';

const server = setupScorecardServer();

function submitWaiver(dialog: HTMLElement) {
  return userEvent.click(
    within(dialog).getByRole('button', { name: 'Request waiver' }),
  );
}

/** `YYYY-MM-DD` some days from now, as a date input takes it. */
function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 24 * 3600 * 1000)
    .toISOString()
    .slice(0, 10);
}

jest.setTimeout(30_000);

const entity: Entity = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Component',
  metadata: {
    name: 'kyverno',
    annotations: { 'backstage.io/kubernetes-id': 'kyverno' },
  },
  spec: { type: 'kubernetes-extension', owner: 'group:default/team-security' },
};
const COMPONENT = 'component:default/kyverno';
const DETAIL_URL = `${API}/components/${encodeURIComponent(COMPONENT)}`;

function render(options?: RenderOptions) {
  return renderScorecard(
    <EntityProvider entity={entity}>
      <EntityExtensionScorecardContent />
    </EntityProvider>,
    options,
  );
}

describe('EntityExtensionScorecardContent', () => {
  it('shows progress while loading', async () => {
    server.use(
      http.get(DETAIL_URL, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    await render();
    expect(screen.getByTestId('progress')).toBeInTheDocument();
  });

  it('explains an entity the latest snapshot does not know', async () => {
    server.use(
      http.get(DETAIL_URL, () =>
        HttpResponse.json(
          ...errorBody(404, 'NotFoundError', 'no such component'),
        ),
      ),
    );
    await render();
    expect(
      await screen.findByText('Not in the latest snapshot'),
    ).toBeInTheDocument();
  });

  it('shows other errors', async () => {
    server.use(
      http.get(DETAIL_URL, () =>
        HttpResponse.json(...errorBody(500, 'Error', 'database is locked')),
      ),
    );
    await render();
    expect(
      (await screen.findAllByText(/database is locked/)).length,
    ).toBeGreaterThan(0);
  });

  it('shows the scorecard: hard gates first, checks by dimension, evidence and waivers', async () => {
    const requested: string[] = [];
    server.use(
      http.get(DETAIL_URL, ({ request }) => {
        requested.push(request.url);
        return HttpResponse.json(componentDetail());
      }),
    );
    await render();

    const gates = await screen.findByLabelText('Hard gates');
    expect(gates).toHaveTextContent('1 hard gate failing');
    expect(gates).toHaveTextContent('webhook.scope (prod-eu)');
    // the gate names its check; the message is in the check's row only
    expect(gates).not.toHaveTextContent('can match kube-system');
    // Hard gates come before everything else on the page.
    expect(
      gates.compareDocumentPosition(screen.getByText('Readiness')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(requested[0]).toContain('historyLimit=90');

    // Level and score.
    expect(screen.getByText('L1 owned and declared')).toBeInTheDocument();
    expect(
      screen.getByText('webhook.scope fails in prod-eu'),
    ).toBeInTheDocument();

    // Checks grouped by dimension, with observed values, remediation and docs.
    const timeout = screen.getByTestId('check-webhook.timeout');
    expect(
      within(timeout).queryByText('timeoutSeconds'),
    ).not.toBeInTheDocument();
    await userEvent.click(
      within(timeout).getByRole('button', { name: 'Observed values' }),
    );
    expect(within(timeout).getByText('timeoutSeconds')).toBeInTheDocument();
    expect(
      within(timeout).getByText(/Lower timeoutSeconds/),
    ).toBeInTheDocument();
    expect(
      within(timeout).getByRole('link', { name: /Docs for webhook.timeout/ }),
    ).toBeInTheDocument();
    // Passing results are folded away until asked for.
    expect(
      screen.queryByTestId('check-experiments.required'),
    ).not.toBeInTheDocument();
    // A waived result is shown as waived, not as pass (its dimension only warns, so
    // it starts closed and shows the waiver count).
    const certificates = screen.getByRole('button', { name: /certificates/ });
    expect(certificates).toHaveTextContent('1 waived');
    await userEvent.click(certificates);
    const managed = await screen.findByTestId('check-cert.managed');
    expect(within(managed).getByText('waived (warn)')).toBeInTheDocument();
    expect(
      within(managed).getByText(/Kyverno rotates its own CA/),
    ).toBeInTheDocument();

    // Certificates with a countdown; RBAC with the granting binding.
    expect(screen.getByText(/expires in 5 days/)).toBeInTheDocument();
    expect(
      screen.getByText('ClusterRoleBinding/kyverno:admission-controller'),
    ).toBeInTheDocument();

    // Blast radius of the sync-path webhook: one row per webhook.
    const blast = screen.getByRole('row', {
      name: 'validate.kyverno.svc-fail',
    });
    expect(blast).toHaveTextContent('Fails closed');
    expect(blast).toHaveTextContent('3 of 4');
    expect(blast).toHaveTextContent('CREATE, UPDATE on */*/*');
    expect(blast).toHaveTextContent(
      'Waits up to 10 s per call (timeoutSeconds)',
    );
    expect(within(blast).getByText('kube-system')).toBeInTheDocument();

    // The design record, with the team's own answers.
    expect(
      within(screen.getByTestId('design-failureImpact')).getByText(
        /New Pods in opted-in namespaces are rejected/,
      ),
    ).toBeInTheDocument();

    // Instances, experiments, waivers and the history chart.
    expect(
      screen.getByText('Deployment kyverno/kyverno-admission-controller'),
    ).toBeInTheDocument();
    expect(screen.getByText('webhook-backend-down')).toBeInTheDocument();
    expect(screen.getByText(/recovered 1 m 30 s later/)).toBeInTheDocument();
    expect(screen.getByTestId('waiver-w-2')).toHaveTextContent('requested');
    expect(
      screen.getByRole('img', { name: /Score from 45 .* to 48/ }),
    ).toBeInTheDocument();
  });

  it('says when an announced result will fail, and for which campaign', async () => {
    const announced = checkResult({
      checkId: 'availability.pdb',
      dimension: 'availability',
      status: 'warn',
      severity: 'high',
      message: 'no PodDisruptionBudget covers kyverno-admission-controller',
      announced: {
        campaignId: 'webhooks-out-of-kube-system',
        title: 'Scope admission webhooks out of kube-system',
        enforceFrom: '2026-05-01T00:00:00.000Z',
      },
    });
    server.use(
      http.get(DETAIL_URL, () =>
        HttpResponse.json(
          componentDetail({
            scorecard: scorecard({
              results: [...scorecard().results, announced],
            }),
          }),
        ),
      ),
    );
    await render();
    // its dimension only warns, yet starts open: the result will fail
    const row = await screen.findByTestId('check-availability.pdb');
    expect(within(row).getByTestId('announced-note')).toHaveTextContent(
      /^Fails from .*2026.*: announced by the campaign “Scope admission webhooks out of kube-system”$/,
    );
    // results no campaign announces say nothing of it
    expect(
      within(screen.getByTestId('check-webhook.timeout')).queryByTestId(
        'announced-note',
      ),
    ).not.toBeInTheDocument();
  });

  it('validates the waiver request form before sending it', async () => {
    const posted: unknown[] = [];
    let reads = 0;
    server.use(
      http.get(DETAIL_URL, () => {
        reads++;
        return HttpResponse.json(componentDetail());
      }),
      http.post(`${API}/waivers`, async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json(waiver({ id: 'w-3' }), { status: 201 });
      }),
    );
    await render();
    await userEvent.click(
      within(await screen.findByTestId('check-webhook.timeout')).getByRole(
        'button',
        {
          name: 'Request waiver',
        },
      ),
    );
    const dialog = await screen.findByRole('dialog');
    const submit = () => submitWaiver(dialog);
    // The check came from the result the button belongs to.
    expect(within(dialog).getByLabelText('Check')).toHaveTextContent(
      'webhook.timeout',
    );

    await submit();
    expect(
      within(dialog).getByText('Explain why in at least 10 characters'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Choose the day the waiver ends'),
    ).toBeInTheDocument();
    expect(posted).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Reason'), 'too short');
    const expires = within(dialog).getByLabelText('Expires on');
    await userEvent.type(expires, '2020-01-01');
    await submit();
    expect(
      within(dialog).getByText('Explain why in at least 10 characters'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('The end date must be in the future'),
    ).toBeInTheDocument();
    expect(posted).toHaveLength(0);

    const inAMonth = dayFromNow(30);
    await userEvent.clear(expires);
    await userEvent.type(expires, inAMonth);
    await userEvent.type(
      within(dialog).getByLabelText('Reason'),
      ' — the fix ships next sprint',
    );
    await submit();

    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      component: 'component:default/kyverno',
      checkId: 'webhook.timeout',
      cluster: 'prod-eu',
      reason: 'too short — the fix ships next sprint',
      expiresAt: `${inAMonth}T23:59:59.000Z`,
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(reads).toBe(2));
  });

  it('shows the server refusal inside the form', async () => {
    server.use(
      http.get(DETAIL_URL, () => HttpResponse.json(componentDetail())),
      http.post(`${API}/waivers`, () =>
        HttpResponse.json(
          ...errorBody(
            409,
            'ConflictError',
            'an open waiver already covers webhook.timeout',
          ),
        ),
      ),
    );
    await render();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Request a waiver' }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText('Check'));
    await userEvent.click(
      await screen.findByRole('option', { name: 'webhook.timeout' }),
    );
    await userEvent.type(
      within(dialog).getByLabelText('Reason'),
      'Timeout fix is scheduled',
    );
    const soon = dayFromNow(10);
    await userEvent.type(within(dialog).getByLabelText('Expires on'), soon);
    await submitWaiver(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'an open waiver already covers webhook.timeout',
    );
  });

  it('lets an approver reject a waiver only with a comment', async () => {
    const decisions: Array<{ url: string; body: unknown }> = [];
    server.use(
      http.get(DETAIL_URL, () => HttpResponse.json(componentDetail())),
      http.post(`${API}/waivers/w-2/reject`, async ({ request }) => {
        decisions.push({ url: request.url, body: await request.json() });
        return HttpResponse.json(waiver({ state: 'rejected' }));
      }),
    );
    await render();
    const row = await screen.findByTestId('waiver-w-2');
    await userEvent.click(within(row).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Reject waiver' }),
    );
    expect(
      within(dialog).getByText('Say why the waiver is rejected'),
    ).toBeInTheDocument();
    expect(decisions).toHaveLength(0);
    await userEvent.type(
      within(dialog).getByLabelText('Comment (required)'),
      'Fix it instead',
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Reject waiver' }),
    );
    await waitFor(() =>
      expect(decisions).toEqual([
        {
          url: `${API}/waivers/w-2/reject`,
          body: { comment: 'Fix it instead' },
        },
      ]),
    );
  });

  it('asks for the resource permissions with the component as the resource', async () => {
    const asked: EvaluatePermissionRequest[] = [];
    server.use(
      http.get(DETAIL_URL, () => HttpResponse.json(componentDetail())),
    );
    await render({ onAuthorize: request => asked.push(request) });
    await screen.findByTestId('waiver-w-2');
    await waitFor(() =>
      expect(
        asked
          .map(r => `${r.permission.name} ${r.resourceRef}`)
          .sort()
          .filter((v, i, all) => all.indexOf(v) === i),
      ).toEqual([
        `extension-scorecard.evidence.create ${COMPONENT}`,
        `extension-scorecard.waiver.approve ${COMPONENT}`,
        `extension-scorecard.waiver.request ${COMPONENT}`,
      ]),
    );
    // Allowed: the actions are offered and no refusal is shown.
    expect(
      screen.getByRole('button', { name: 'Request a waiver' }),
    ).toBeEnabled();
    expect(
      within(screen.getByTestId('check-webhook.timeout')).getByRole('button', {
        name: 'Request waiver',
      }),
    ).toBeInTheDocument();
    const row = screen.getByTestId('waiver-w-2');
    expect(
      within(row).getByRole('button', { name: 'Approve' }),
    ).toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: 'Reject' }),
    ).toBeInTheDocument();
    expect(
      screen.queryByText(/Only members of the owning team/),
    ).not.toBeInTheDocument();
    expect(
      screen.queryByTestId('waiver-approve-refused'),
    ).not.toBeInTheDocument();
  });

  it('outside the owning team: requesting is disabled and says why', async () => {
    server.use(
      http.get(DETAIL_URL, () => HttpResponse.json(componentDetail())),
    );
    await render({
      deny: [
        {
          permission: 'extension-scorecard.waiver.request',
          resourceRef: COMPONENT,
        },
        {
          permission: 'extension-scorecard.evidence.create',
          resourceRef: COMPONENT,
        },
      ],
    });
    const request = await screen.findByRole('button', {
      name: 'Request a waiver',
    });
    expect(request).toBeDisabled();
    expect(screen.getByTestId('waiver-request-refused')).toHaveTextContent(
      'Only members of the owning team may request waivers',
    );
    expect(screen.getByTestId('check-waiver-refused')).toHaveTextContent(
      'Only members of the owning team may request waivers',
    );
    expect(
      within(screen.getByTestId('check-webhook.timeout')).queryByRole(
        'button',
        { name: 'Request waiver' },
      ),
    ).not.toBeInTheDocument();
    expect(screen.getByTestId('evidence-create-refused')).toHaveTextContent(
      'Only members of the owning team may submit experiment evidence',
    );
    // The tooltip of the disabled button says the same.
    await userEvent.hover(request.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Only members of the owning team may request waivers',
    );
    // An approver outside the team still decides the waiver.
    expect(
      within(screen.getByTestId('waiver-w-2')).getByRole('button', {
        name: 'Approve',
      }),
    ).toBeInTheDocument();
  });

  it('a non-approver sees no approve or reject action, and why', async () => {
    server.use(
      http.get(DETAIL_URL, () => HttpResponse.json(componentDetail())),
    );
    await render({
      deny: [
        {
          permission: 'extension-scorecard.waiver.approve',
          resourceRef: COMPONENT,
        },
      ],
    });
    const row = await screen.findByTestId('waiver-w-2');
    expect(
      await within(row).findByTestId('waiver-approve-refused'),
    ).toHaveTextContent(
      'Awaiting approval. Approvers outside the owning team approve waivers.',
    );
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    // Requesting stays open to the owning team.
    expect(
      screen.getByRole('button', { name: 'Request a waiver' }),
    ).toBeEnabled();
  });

  it('the requester may revoke, not approve, their own request', async () => {
    server.use(
      http.get(DETAIL_URL, () => HttpResponse.json(componentDetail())),
    );
    await render({ userEntityRef: 'user:default/farah.iqbal' });
    const row = await screen.findByTestId('waiver-w-2');
    expect(
      await within(row).findByTestId('waiver-approve-refused'),
    ).toHaveTextContent('You requested this waiver');
    expect(
      within(row).queryByRole('button', { name: 'Approve' }),
    ).not.toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: 'Revoke' }),
    ).toBeInTheDocument();
  });

  it('lets an approver approve, naming them in the dialog', async () => {
    const approved: string[] = [];
    server.use(
      http.get(DETAIL_URL, () => HttpResponse.json(componentDetail())),
      http.post(`${API}/waivers/w-2/approve`, ({ request }) => {
        approved.push(request.url);
        return HttpResponse.json(
          waiver({ state: 'approved', decidedBy: 'user:default/hana.sato' }),
        );
      }),
    );
    await render({ userEntityRef: 'user:default/hana.sato' });
    const row = await screen.findByTestId('waiver-w-2');
    await userEvent.click(
      await within(row).findByRole('button', { name: 'Approve' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'The audit trail records user:default/hana.sato as the one who approved it.',
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Approve waiver' }),
    );
    await waitFor(() =>
      expect(approved).toEqual([`${API}/waivers/w-2/approve`]),
    );
  });

  it('offers no waiver actions without the waiver permissions', async () => {
    server.use(
      http.get(DETAIL_URL, () => HttpResponse.json(componentDetail())),
    );
    await render({
      deny: [
        'extension-scorecard.waiver.request',
        'extension-scorecard.waiver.approve',
      ],
    });
    const row = await screen.findByTestId('waiver-w-2');
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Request a waiver' }),
      ).toBeDisabled(),
    );
    expect(
      screen.queryByRole('button', { name: 'Request waiver' }),
    ).not.toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });
});
