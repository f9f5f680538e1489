import { CSSProperties } from 'react';
import { Badge } from '@backstage/ui';
import { CheckStatus } from '@extension-scorecard/plugin-extension-scorecard-common';
import { HoverTip } from '../shared';
import {
  STATUS_LABELS,
  statusTone,
  toneColor,
  toneStrength,
  toneSurface,
} from './statusColors';

const BOLD = 'var(--bui-font-weight-bold)' as CSSProperties['fontWeight'];

/**
 * A check status. A waived result keeps its own status and is drawn as
 * "waived" (dashed outline) - never as pass.
 */
export const StatusChip = (props: {
  status: CheckStatus;
  waived?: boolean;
  waiverNote?: string;
}) => {
  const { status, waived, waiverNote } = props;
  const tone = statusTone(status);
  const surface = toneSurface(tone, toneStrength(tone));
  if (waived) {
    return (
      <HoverTip
        title={waiverNote ?? 'Covered by an active waiver'}
        label={`waived (${STATUS_LABELS[status]})`}
      >
        <Badge
          size="small"
          style={{
            background: 'transparent',
            color: 'var(--bui-fg-primary)',
            border: `1px dashed ${toneColor(tone)}`,
          }}
        >
          waived ({STATUS_LABELS[status]})
        </Badge>
      </HoverTip>
    );
  }
  return (
    <Badge
      size="small"
      style={{
        ...surface,
        border: `1px solid ${surface.borderColor}`,
        fontWeight: BOLD,
      }}
    >
      {STATUS_LABELS[status]}
    </Badge>
  );
};
