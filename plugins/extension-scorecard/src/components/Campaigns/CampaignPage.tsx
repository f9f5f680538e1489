import { ReactNode, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Button, Flex, Grid, Text, TextAreaField } from '@backstage/ui';
import {
  Content,
  Header,
  InfoCard,
  Link,
  MarkdownContent,
  Page,
  Progress,
  ResponseErrorPanel,
} from '@backstage/core-components';
import { useApi, useRouteRef } from '@backstage/core-plugin-api';
import { EntityRefLink } from '@backstage/plugin-catalog-react';
import { usePermission } from '@backstage/plugin-permission-react';
import {
  extensionScorecardCampaignManagePermission,
  type CampaignDetail,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { extensionScorecardApiRef } from '../../api';
import { errorMessage } from '../../format/errors';
import { REFUSED } from '../../format/permissionReasons';
import { decodeParam } from '../../format/refs';
import { formatDate, formatDateTime } from '../../format/time';
import { useCampaign } from '../../hooks/useCampaigns';
import { campaignsRouteRef } from '../../routes';
import { HoverTip, SimpleTable, SimpleTableHead, Td } from '../shared';
import { CampaignBurndownChart } from './CampaignBurndownChart';
import { CampaignFormDialog } from './CampaignFormDialog';
import { CampaignItemsCard } from './CampaignItemsCard';
import { CampaignProgress } from './CampaignProgress';
import { CampaignScopeText } from './CampaignScopeText';
import { deadlineText, goalText } from './campaignText';
import { EnforcementBadge } from './EnforcementBadge';

const Facts = (props: { detail: CampaignDetail }) => {
  const c = props.detail.campaign;
  const rows: Array<[string, ReactNode]> = [
    ['Goal', goalText(c.goal)],
    ['Scope', <CampaignScopeText scope={c.scope} />],
    ['Starts', formatDate(c.startsAt)],
    [
      'Enforcement',
      c.enforceFrom
        ? `${c.enforcement === 'announced' ? 'from' : 'since'} ${formatDate(
            c.enforceFrom,
          )}: before it, the goal checks' fails count as warn`
        : 'none: the checks count as they are',
    ],
    ['Deadline', `${formatDate(c.deadline)} (${deadlineText(c)})`],
    ['Started by', c.createdBy],
  ];
  if (c.closedAt) {
    rows.push([
      'Closed',
      `${formatDate(c.closedAt)} by ${c.closedBy}${
        c.closeComment ? `: ${c.closeComment}` : ''
      }`,
    ]);
  }
  return (
    <SimpleTable aria-label="Campaign facts">
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <Td style={{ width: 140 }}>
              <Text color="secondary">{label}</Text>
            </Td>
            <Td>{value}</Td>
          </tr>
        ))}
      </tbody>
    </SimpleTable>
  );
};

const CloseDialogInline = (props: {
  campaignId: string;
  onClosed: () => void;
  onCancel: () => void;
}) => {
  const api = useApi(extensionScorecardApiRef);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <Flex direction="column" gap="2" data-testid="campaign-close-form">
      <TextAreaField
        id="campaign-close-comment"
        label="Why close it (optional)"
        rows={2}
        value={comment}
        onChange={setComment}
      />
      {error && (
        <Text color="danger" role="alert">
          {error}
        </Text>
      )}
      <Flex gap="2">
        <Button
          variant="primary"
          onPress={async () => {
            try {
              await api.closeCampaign(
                props.campaignId,
                comment.trim() ? { comment: comment.trim() } : {},
              );
              props.onClosed();
            } catch (e) {
              setError(errorMessage(e));
            }
          }}
        >
          Close the campaign
        </Button>
        <Button variant="secondary" onPress={props.onCancel}>
          Cancel
        </Button>
      </Flex>
    </Flex>
  );
};

/** One campaign: why, goal and dates, progress per team, burn-down, items, trail. */
export const CampaignPage = () => {
  const { campaignId = '' } = useParams();
  const id = decodeParam(campaignId);
  const [reloadKey, setReloadKey] = useState(0);
  const reload = () => setReloadKey(k => k + 1);
  const detail = useCampaign(id, reloadKey);
  const campaignsLink = useRouteRef(campaignsRouteRef);
  const manage = usePermission({
    permission: extensionScorecardCampaignManagePermission,
  });
  const [editing, setEditing] = useState(false);
  const [closing, setClosing] = useState(false);
  const campaign = detail.value?.campaign;
  const title = campaign?.title ?? id;
  const actions = campaign?.state === 'open' && (
    <Flex gap="2" align="center">
      {(['Change', 'Close'] as const).map(action => {
        const button = (
          <Button
            key={action}
            variant="secondary"
            isDisabled={!manage.allowed}
            onPress={() =>
              action === 'Change' ? setEditing(true) : setClosing(true)
            }
          >
            {action}
          </Button>
        );
        return manage.allowed || manage.loading ? (
          button
        ) : (
          <HoverTip key={action} title={REFUSED.campaignManage}>
            {button}
          </HoverTip>
        );
      })}
    </Flex>
  );
  return (
    <Page themeId="tool">
      <Header
        title={title}
        subtitle="Campaign"
        pageTitleOverride={`${title} · Campaign · Extension scorecard`}
      >
        <Link
          to={campaignsLink()}
          style={{
            color: 'inherit',
            textDecoration: 'underline',
            fontWeight: 'bold',
          }}
        >
          All campaigns
        </Link>
      </Header>
      <Content>
        {detail.error && <ResponseErrorPanel error={detail.error} />}
        {!detail.error && !detail.value && <Progress />}
        {detail.value && campaign && (
          <Grid.Root columns={{ initial: '1', md: '2' }} gap="4">
            <InfoCard
              title={
                <Flex align="center" gap="2">
                  {campaign.title} <EnforcementBadge campaign={campaign} />
                </Flex>
              }
              action={actions || undefined}
            >
              <Flex direction="column" gap="3">
                <CampaignProgress counts={campaign.progress} width={240} />
                <Facts detail={detail.value} />
                {campaign.why && <MarkdownContent content={campaign.why} />}
                {closing && (
                  <CloseDialogInline
                    campaignId={campaign.id}
                    onClosed={() => {
                      setClosing(false);
                      reload();
                    }}
                    onCancel={() => setClosing(false)}
                  />
                )}
              </Flex>
            </InfoCard>
            <InfoCard
              title="Burn-down"
              subheader="Components still to do per day (the last snapshot of each day), and the line that reaches zero at the deadline"
            >
              <CampaignBurndownChart
                campaign={campaign}
                points={detail.value.burndown}
              />
            </InfoCard>
            <InfoCard title="Progress per team">
              {detail.value.teams.length === 0 ? (
                <Text as="p">
                  No component in scope that the goal concerns.
                </Text>
              ) : (
                <SimpleTable aria-label="Progress per team">
                  <SimpleTableHead columns={['Team', 'Progress']} />
                  <tbody>
                    {detail.value.teams.map(team => (
                      <tr key={team.team ?? ''} data-testid="campaign-team">
                        <Td>
                          {team.team ? (
                            <EntityRefLink
                              entityRef={team.team}
                              defaultKind="group"
                              hideIcon
                            />
                          ) : (
                            'no owner'
                          )}
                        </Td>
                        <Td>
                          <CampaignProgress counts={team} />
                        </Td>
                      </tr>
                    ))}
                  </tbody>
                </SimpleTable>
              )}
            </InfoCard>
            <InfoCard title="Audit trail">
              <Flex direction="column" gap="2">
                {detail.value.trail.map(event => (
                  <Text as="p" key={event.id} variant="body-small">
                    {formatDateTime(event.at)} · {event.actor} · {event.action}
                    {Object.keys(event.changes).length
                      ? ` (${Object.keys(event.changes).join(', ')})`
                      : ''}
                  </Text>
                ))}
              </Flex>
            </InfoCard>
            <div style={{ gridColumn: '1 / -1' }}>
              <CampaignItemsCard
                title="Components"
                subheader="Open first: what is in the way of the goal, per component"
                query={{ campaign: campaign.id }}
                show="component"
                empty="No component in scope that the goal concerns."
                reloadKey={reloadKey}
              />
            </div>
          </Grid.Root>
        )}
        {campaign && (
          <CampaignFormDialog
            open={editing}
            campaign={campaign}
            onClose={() => setEditing(false)}
            onSaved={reload}
          />
        )}
      </Content>
    </Page>
  );
};
