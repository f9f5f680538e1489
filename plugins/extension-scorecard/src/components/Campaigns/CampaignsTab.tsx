import { useMemo, useState } from 'react';
import { Button, Flex, Text } from '@backstage/ui';
import {
  ContentHeader,
  EmptyState,
  InfoCard,
  Link,
  Progress,
  ResponseErrorPanel,
} from '@backstage/core-components';
import { useRouteRef } from '@backstage/core-plugin-api';
import { usePermission } from '@backstage/plugin-permission-react';
import {
  extensionScorecardCampaignManagePermission,
  type CampaignInput,
  type CampaignState,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { REFUSED } from '../../format/permissionReasons';
import { formatDate } from '../../format/time';
import { useCampaigns, useCampaignSuggestions } from '../../hooks/useCampaigns';
import { useSavedFilters } from '../../hooks/useSavedFilters';
import { campaignRouteRef } from '../../routes';
import { usePaging } from '../shared/usePaging';
import { HoverTip, SimpleTable, SimpleTableHead, Td } from '../shared';
import { CampaignFormDialog } from './CampaignFormDialog';
import { CampaignProgress } from './CampaignProgress';
import { deadlineText, goalText, scopeText } from './campaignText';
import { EnforcementBadge } from './EnforcementBadge';

const PAGE_SIZES = [10, 25, 50] as const;

const Suggestions = (props: {
  wanted: boolean;
  reloadKey: number;
  onStart: (draft: CampaignInput) => void;
}) => {
  const suggestions = useCampaignSuggestions(props.wanted, props.reloadKey);
  if (!props.wanted) return null;
  return (
    <InfoCard
      title="Suggested campaigns"
      subheader="From the next-minor upgrade report and checks failing across teams; adjust one and start it"
    >
      {suggestions.error && <ResponseErrorPanel error={suggestions.error} />}
      {!suggestions.error && !suggestions.value && <Progress />}
      {suggestions.value?.length === 0 && (
        <Text as="p">
          Nothing to suggest: no next-minor blockers and no check failing across
          two teams that a campaign does not already drive.
        </Text>
      )}
      {suggestions.value && suggestions.value.length > 0 && (
        <SimpleTable aria-label="Suggested campaigns">
          <SimpleTableHead columns={['Campaign', 'Why now', 'Teams', '']} />
          <tbody>
            {suggestions.value.map(s => (
              <tr
                key={`${s.source}|${s.draft.title}`}
                data-testid="campaign-suggestion"
              >
                <Td>
                  <Text weight="bold">{s.draft.title}</Text>
                  <Text as="p" variant="body-small" color="secondary">
                    {goalText(s.draft.goal)} · {scopeText(s.draft.scope)}
                  </Text>
                </Td>
                <Td>
                  <Text variant="body-small">{s.reason}</Text>
                </Td>
                <Td>{s.teams}</Td>
                <Td>
                  <Button
                    size="small"
                    variant="secondary"
                    onPress={() => props.onStart(s.draft)}
                  >
                    Adjust and start
                  </Button>
                </Td>
              </tr>
            ))}
          </tbody>
        </SimpleTable>
      )}
    </InfoCard>
  );
};

/**
 * The Campaigns tab: every campaign (open first, by deadline) with its progress in
 * the latest snapshot; for platform admins, suggested campaigns and a new one.
 */
export const CampaignsTab = () => {
  const [reloadKey, setReloadKey] = useState(0);
  const paging = usePaging(PAGE_SIZES, PAGE_SIZES[1]);
  const [state, setState] = useState<CampaignState[] | undefined>(['open']);
  const [form, setForm] = useState<{ draft?: CampaignInput } | undefined>();
  const manage = usePermission({
    permission: extensionScorecardCampaignManagePermission,
  });
  const campaigns = useCampaigns(
    { state, offset: paging.offset, limit: paging.limit },
    reloadKey,
  );
  const campaignLink = useRouteRef(campaignRouteRef);
  // the names of the saved filters scopes name (asked only when one does)
  const savedFilters = useSavedFilters(
    reloadKey,
    Boolean(campaigns.value?.items.some(c => c.scope.savedFilter)),
  );
  const savedFilterNames = useMemo(
    () => new Map((savedFilters.value ?? []).map(s => [s.id, s.name])),
    [savedFilters.value],
  );
  const startButton = (
    <Button
      variant="primary"
      isDisabled={!manage.allowed}
      onPress={() => setForm({})}
    >
      Start a campaign
    </Button>
  );
  return (
    <>
      <ContentHeader title="Campaigns">
        <Flex align="center" gap="2">
          <Button
            variant="secondary"
            onPress={() => {
              setState(state ? undefined : ['open']);
              paging.reset();
            }}
          >
            {state ? 'Show closed too' : 'Open only'}
          </Button>
          {manage.allowed || manage.loading ? (
            startButton
          ) : (
            <HoverTip title={REFUSED.campaignManage}>{startButton}</HoverTip>
          )}
        </Flex>
      </ContentHeader>
      <Flex direction="column" gap="4">
        <InfoCard
          title={state ? 'Open campaigns' : 'All campaigns'}
          subheader="Progress counts the components in scope the goal concerns, in the latest snapshot"
        >
          {campaigns.error && <ResponseErrorPanel error={campaigns.error} />}
          {!campaigns.error && !campaigns.value && <Progress />}
          {campaigns.value?.total === 0 && (
            <EmptyState
              missing="content"
              title="No campaign yet"
              description="A campaign drives one change across teams to a deadline: a goal (checks passing, a level), a scope, and optionally an enforcement date before which its checks only warn."
            />
          )}
          {campaigns.value && campaigns.value.total > 0 && (
            <>
              <SimpleTable aria-label="Campaigns">
                <SimpleTableHead
                  columns={['Campaign', 'Deadline', 'State', 'Progress']}
                />
                <tbody>
                  {campaigns.value.items.map(c => (
                    <tr key={c.id} data-testid="campaign-row">
                      <Td style={{ minWidth: 220 }}>
                        <Link
                          to={campaignLink({
                            campaignId: encodeURIComponent(c.id),
                          })}
                        >
                          {c.title}
                        </Link>
                        <Text as="p" variant="body-small" color="secondary">
                          {goalText(c.goal)} ·{' '}
                          {scopeText(c.scope, savedFilterNames)}
                        </Text>
                      </Td>
                      <Td style={{ whiteSpace: 'nowrap' }}>
                        {formatDate(c.deadline)}
                        <Text as="p" variant="body-small" color="secondary">
                          {deadlineText(c)}
                        </Text>
                      </Td>
                      <Td>
                        <EnforcementBadge campaign={c} />
                        {c.enforceFrom && c.state === 'open' && (
                          <Text as="p" variant="body-small" color="secondary">
                            {c.enforcement === 'announced'
                              ? 'enforced from'
                              : 'since'}{' '}
                            {formatDate(c.enforceFrom)}
                          </Text>
                        )}
                      </Td>
                      <Td>
                        <CampaignProgress counts={c.progress} />
                      </Td>
                    </tr>
                  ))}
                </tbody>
              </SimpleTable>
              {paging.controls(campaigns.value.total)}
            </>
          )}
        </InfoCard>
        <Suggestions
          wanted={Boolean(manage.allowed)}
          reloadKey={reloadKey}
          onStart={draft => setForm({ draft })}
        />
      </Flex>
      <CampaignFormDialog
        open={form !== undefined}
        initial={form?.draft}
        onClose={() => setForm(undefined)}
        onSaved={() => setReloadKey(k => k + 1)}
      />
    </>
  );
};
