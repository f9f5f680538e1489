import { Text } from '@backstage/ui';
import { InfoCard, Link } from '@backstage/core-components';
import { useRouteRef } from '@backstage/core-plugin-api';
import type { AuditCampaign } from '@extension-scorecard/plugin-extension-scorecard-common';
import { shortRef } from '../../format/refs';
import { formatDate } from '../../format/time';
import { campaignRouteRef } from '../../routes';
import { SimpleTable, SimpleTableHead, Td } from '../shared';
import { CampaignProgress, progressText } from './CampaignProgress';
import { EnforcementBadge } from './EnforcementBadge';

/**
 * The campaigns in force during an audited quarter, as they stood in its last
 * snapshot: state, enforcement, progress, and each team's share.
 */
export const AuditCampaignsCard = (props: {
  quarter: string;
  campaigns: AuditCampaign[];
}) => {
  const campaignLink = useRouteRef(campaignRouteRef);
  return (
    <InfoCard
      title={`Campaigns at the end of ${props.quarter}`}
      subheader="In force during the quarter; counted in its last snapshot over the components you may see"
    >
      {props.campaigns.length === 0 ? (
        <Text as="p">No campaign ran during this quarter.</Text>
      ) : (
        <SimpleTable aria-label={`Campaigns at the end of ${props.quarter}`}>
          <SimpleTableHead
            columns={['Campaign', 'Deadline', 'State', 'Progress', 'By team']}
          />
          <tbody>
            {props.campaigns.map(c => (
              <tr key={c.id} data-testid="audit-campaign">
                <Td>
                  <Link
                    to={campaignLink({ campaignId: encodeURIComponent(c.id) })}
                  >
                    {c.title}
                  </Link>
                </Td>
                <Td style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(c.deadline)}
                </Td>
                <Td>
                  <EnforcementBadge campaign={c} />
                </Td>
                <Td>
                  <CampaignProgress counts={c} width={120} />
                </Td>
                <Td>
                  {c.teams.map(team => (
                    <Text as="p" variant="body-small" key={team.team ?? ''}>
                      {team.team ? shortRef(team.team) : 'no owner'}:{' '}
                      {progressText(team)}
                    </Text>
                  ))}
                </Td>
              </tr>
            ))}
          </tbody>
        </SimpleTable>
      )}
    </InfoCard>
  );
};
