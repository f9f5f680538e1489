import type { Campaign } from '@extension-scorecard/plugin-extension-scorecard-common';
import { formatDate } from '../../format/time';
import { toneBadgeStyle } from './campaignText';
import { HoverTip } from '../shared';

/** Announced (amber) until its date, enforced (red) from it, closed, overdue. */
export const EnforcementBadge = (props: {
  campaign: Pick<Campaign, 'enforcement' | 'enforceFrom' | 'state' | 'overdue'>;
}) => {
  const { campaign } = props;
  let label: string;
  let tone: 'warning' | 'danger' | 'neutral';
  let tip: string;
  if (campaign.state === 'closed') {
    [label, tone, tip] = ['closed', 'neutral', 'Closed: it no longer counts'];
  } else if (campaign.overdue) {
    [label, tone, tip] = [
      'overdue',
      'danger',
      'Past its deadline with components still open',
    ];
  } else if (campaign.enforcement === 'announced') {
    [label, tone, tip] = [
      'announced',
      'warning',
      `Its checks' fails count as warn until ${formatDate(
        campaign.enforceFrom!,
      )}`,
    ];
  } else if (campaign.enforcement === 'enforced') {
    [label, tone, tip] = [
      'enforced',
      'danger',
      `Its checks count with their real severity since ${formatDate(
        campaign.enforceFrom!,
      )}`,
    ];
  } else {
    [label, tone, tip] = ['open', 'neutral', 'No enforcement date'];
  }
  return (
    <HoverTip title={tip}>
      <span data-testid="campaign-enforcement" style={toneBadgeStyle(tone)}>
        {label}
      </span>
    </HoverTip>
  );
};
