import { CSSProperties } from 'react';
import { Badge } from '@backstage/ui';
import {
  LEVEL_TITLES,
  ReadinessLevel,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { HoverTip } from '../shared';
import { levelTone, toneStrength, toneSurface } from './statusColors';

const BOLD = 'var(--bui-font-weight-bold)' as CSSProperties['fontWeight'];

/** A readiness level, L0–L3, with its meaning on hover. */
export const LevelChip = (props: {
  level: ReadinessLevel;
  size?: 'small' | 'medium';
}) => {
  const tone = levelTone(props.level);
  const surface = toneSurface(tone, toneStrength(tone));
  return (
    <HoverTip
      title={LEVEL_TITLES[props.level]}
      label={LEVEL_TITLES[props.level]}
    >
      <Badge
        size={props.size ?? 'small'}
        style={{
          ...surface,
          border: `1px solid ${surface.borderColor}`,
          fontWeight: BOLD,
        }}
      >
        {`L${props.level}`}
      </Badge>
    </HoverTip>
  );
};
