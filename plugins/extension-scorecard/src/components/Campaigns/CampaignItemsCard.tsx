import { Flex, Text } from '@backstage/ui';
import {
  InfoCard,
  Link,
  Progress,
  ResponseErrorPanel,
} from '@backstage/core-components';
import { useRouteRef } from '@backstage/core-plugin-api';
import { EntityRefLink } from '@backstage/plugin-catalog-react';
import type {
  CampaignItem,
  CampaignItemQuery,
  CampaignItemStatus,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { formatDate } from '../../format/time';
import { isEntityRef } from '../../format/refs';
import { useCampaignItems } from '../../hooks/useCampaigns';
import { campaignRouteRef, componentRouteRef } from '../../routes';
import { usePaging } from '../shared/usePaging';
import { OutlineBadge, SimpleTable, SimpleTableHead, Td } from '../shared';
import { StatusChip } from '../StatusDisplay';
import {
  deadlineText,
  ENFORCEMENT_LABELS,
  toneBadgeStyle,
} from './campaignText';

const STATUS_TONE = {
  open: 'danger',
  waived: 'warning',
  done: 'success',
} as const;

/** An item's status as a badge: open (red), waived (amber), done (green). */
export const ItemStatus = (props: { status: CampaignItemStatus }) => (
  <span
    data-testid="campaign-item-status"
    style={toneBadgeStyle(STATUS_TONE[props.status])}
  >
    {props.status}
  </span>
);

/** The results in the way, one line each. */
const Todo = (props: { item: CampaignItem }) => {
  const { item } = props;
  if (!item.todo.length) {
    return (
      <Text variant="body-small" color="secondary">
        {item.status === 'done' ? 'nothing left to do' : '—'}
      </Text>
    );
  }
  return (
    <Flex direction="column" gap="1">
      {item.todo.map((t, i) => (
        <Flex key={i} align="start" gap="2" style={{ flexWrap: 'wrap' }}>
          <StatusChip status={t.status} waived={t.waived} />
          <Text variant="body-small" weight="bold">
            {t.checkId}
          </Text>
          {t.cluster && <OutlineBadge>{t.cluster}</OutlineBadge>}
          <Text variant="body-small" style={{ flexBasis: '100%' }}>
            {t.message}
            {t.announced && item.enforceFrom
              ? ` — counts as warn until ${formatDate(item.enforceFrom)}`
              : ''}
          </Text>
        </Flex>
      ))}
    </Flex>
  );
};

const PAGE_SIZES = [10, 25, 50] as const;

/**
 * What components must do for campaigns, from `GET /campaign-items`: the team view
 * (its open items), the entity tab (the component's campaigns) and a campaign's page
 * (its components).
 */
export const CampaignItemsCard = (props: {
  title: string;
  subheader?: string;
  query: CampaignItemQuery;
  /** Which side of the item the rows name (the other one is the card's subject). */
  show: 'campaign' | 'component' | 'both';
  empty: string;
  reloadKey?: number;
}) => {
  const paging = usePaging(PAGE_SIZES);
  const items = useCampaignItems(
    { ...props.query, offset: paging.offset, limit: paging.limit },
    props.reloadKey,
  );
  const campaignLink = useRouteRef(campaignRouteRef);
  const componentLink = useRouteRef(componentRouteRef);
  const showCampaign = props.show !== 'component';
  const showComponent = props.show !== 'campaign';
  return (
    <InfoCard title={props.title} subheader={props.subheader}>
      {items.error && <ResponseErrorPanel error={items.error} />}
      {!items.error && !items.value && <Progress />}
      {items.value && items.value.total === 0 && (
        <Text as="p" data-testid="campaign-items-empty">
          {props.empty}
        </Text>
      )}
      {items.value && items.value.total > 0 && (
        <>
          <SimpleTable aria-label={props.title}>
            <SimpleTableHead
              columns={[
                ...(showCampaign ? ['Campaign'] : []),
                ...(showComponent ? ['Component'] : []),
                'Status',
                'What is in the way',
              ]}
            />
            <tbody>
              {items.value.items.map(item => (
                <tr
                  key={`${item.campaignId}|${item.componentId}`}
                  data-testid="campaign-item"
                >
                  {showCampaign && (
                    <Td style={{ minWidth: 180 }}>
                      <Link
                        to={campaignLink({
                          campaignId: encodeURIComponent(item.campaignId),
                        })}
                      >
                        {item.campaignTitle}
                      </Link>
                      <Text as="p" variant="body-small" color="secondary">
                        {deadlineText({
                          state: 'open',
                          deadline: item.deadline,
                        })}{' '}
                        ({formatDate(item.deadline)}) ·{' '}
                        {ENFORCEMENT_LABELS[item.enforcement]}
                        {item.enforceFrom && item.enforcement === 'announced'
                          ? ` until ${formatDate(item.enforceFrom)}`
                          : ''}
                      </Text>
                    </Td>
                  )}
                  {showComponent && (
                    <Td style={{ minWidth: 160 }}>
                      <Link
                        to={componentLink({
                          componentId: encodeURIComponent(item.componentId),
                        })}
                      >
                        {item.title ?? item.name}
                      </Link>
                      <Text as="p" variant="body-small" color="secondary">
                        {item.kind}
                        {item.owner && isEntityRef(item.componentId)
                          ? ' · '
                          : ''}
                        {item.owner && (
                          <EntityRefLink
                            entityRef={item.owner}
                            defaultKind="group"
                            hideIcon
                          />
                        )}
                      </Text>
                    </Td>
                  )}
                  <Td>
                    <ItemStatus status={item.status} />
                  </Td>
                  <Td>
                    <Todo item={item} />
                  </Td>
                </tr>
              ))}
            </tbody>
          </SimpleTable>
          {paging.controls(items.value.total)}
        </>
      )}
    </InfoCard>
  );
};
