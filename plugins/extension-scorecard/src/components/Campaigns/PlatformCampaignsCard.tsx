import { Flex, Text } from '@backstage/ui';
import {
  InfoCard,
  Link,
  Progress,
  ResponseErrorPanel,
} from '@backstage/core-components';
import { useRouteRef } from '@backstage/core-plugin-api';
import { useCampaigns } from '../../hooks/useCampaigns';
import { campaignRouteRef, campaignsRouteRef } from '../../routes';
import { CampaignProgress } from './CampaignProgress';
import { deadlineText } from './campaignText';
import { EnforcementBadge } from './EnforcementBadge';

/** The open campaigns on the platform page: progress and deadline, soonest first. */
export const PlatformCampaignsCard = (props: { reloadKey?: number }) => {
  const campaigns = useCampaigns(
    { state: ['open'], limit: 5 },
    props.reloadKey,
  );
  const campaignLink = useRouteRef(campaignRouteRef);
  const campaignsLink = useRouteRef(campaignsRouteRef);
  const total = campaigns.value?.total ?? 0;
  return (
    <InfoCard
      title="Campaigns"
      subheader="Open drives across teams, soonest deadline first"
      action={
        <Link to={campaignsLink()}>
          All campaigns{total > 5 ? ` (${total})` : ''}
        </Link>
      }
    >
      {campaigns.error && <ResponseErrorPanel error={campaigns.error} />}
      {!campaigns.error && !campaigns.value && <Progress />}
      {campaigns.value?.total === 0 && <Text as="p">No open campaign.</Text>}
      <Flex direction="column" gap="3">
        {campaigns.value?.items.map(c => (
          <div key={c.id} data-testid="platform-campaign">
            <Flex align="center" gap="2" style={{ flexWrap: 'wrap' }}>
              <Link to={campaignLink({ campaignId: encodeURIComponent(c.id) })}>
                {c.title}
              </Link>
              <EnforcementBadge campaign={c} />
              <Text variant="body-small" color="secondary">
                {deadlineText(c)}
              </Text>
            </Flex>
            <CampaignProgress counts={c.progress} width={200} />
          </div>
        ))}
      </Flex>
    </InfoCard>
  );
};
