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
 * The colours of a status chip (CSS variables). A waived chip has no fill of its
 * own: its text sits on the card.
 */
export function statusChipColors(
  status: CheckStatus,
  waived = false,
): { color: string; background: string; borderColor: string } {
  const tone = statusTone(status);
  if (waived) {
    return {
      color: 'var(--bui-fg-primary)',
      background: 'transparent',
      borderColor: toneColor(tone),
    };
  }
  return toneSurface(tone, toneStrength(tone));
}

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
  const colors = statusChipColors(status, waived);
  if (waived) {
    return (
      <HoverTip
        title={waiverNote ?? 'Covered by an active waiver'}
        label={`waived (${STATUS_LABELS[status]})`}
      >
        <Badge
          size="small"
          style={{
            background: colors.background,
            color: colors.color,
            border: `1px dashed ${colors.borderColor}`,
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
        background: colors.background,
        color: colors.color,
        border: `1px solid ${colors.borderColor}`,
        fontWeight: BOLD,
      }}
    >
      {STATUS_LABELS[status]}
    </Badge>
  );
};
