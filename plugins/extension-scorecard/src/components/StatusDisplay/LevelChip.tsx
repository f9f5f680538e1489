import { CSSProperties } from 'react';
import { Badge } from '@backstage/ui';
import {
  LEVEL_TITLES,
  ReadinessLevel,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { HoverTip } from '../shared';
import { levelTone, toneStrength, toneSurface } from './statusColors';

const BOLD = 'var(--bui-font-weight-bold)' as CSSProperties['fontWeight'];

/** The colours of a level chip (CSS variables): L0 red … L3 green. */
export function levelChipColors(level: ReadinessLevel): {
  color: string;
  background: string;
  borderColor: string;
} {
  const tone = levelTone(level);
  return toneSurface(tone, toneStrength(tone));
}

/** A readiness level, L0–L3, with its meaning on hover. */
export const LevelChip = (props: {
  level: ReadinessLevel;
  size?: 'small' | 'medium';
}) => {
  const colors = levelChipColors(props.level);
  return (
    <HoverTip
      title={LEVEL_TITLES[props.level]}
      label={LEVEL_TITLES[props.level]}
    >
      <Badge
        size={props.size ?? 'small'}
        style={{
          background: colors.background,
          color: colors.color,
          border: `1px solid ${colors.borderColor}`,
          fontWeight: BOLD,
        }}
      >
        {`L${props.level}`}
      </Badge>
    </HoverTip>
  );
};
