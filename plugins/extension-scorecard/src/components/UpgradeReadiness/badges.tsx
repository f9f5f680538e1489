import { CSSProperties } from 'react';
import { Badge } from '@backstage/ui';
import {
  ClusterUpgradeReadiness,
  UpgradeFindingSeverity,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { Tone, toneSurface } from '../StatusDisplay/statusColors';
import { SEVERITY_LABELS } from './labels';

const BOLD = 'var(--bui-font-weight-bold)' as CSSProperties['fontWeight'];

/**
 * A badge that does not rely on colour: a glyph and a word, and the loud solid fill
 * only for what blocks (blocked, blocker); warnings and unknowns are subdued.
 */
const ToneBadge = (props: {
  tone: Tone;
  solid: boolean;
  glyph: string;
  text: string;
  minWidth?: number;
}) => {
  const surface = toneSurface(props.tone, props.solid ? 'solid' : 'subdued');
  return (
    <Badge
      size="small"
      style={{
        ...surface,
        border: `1px solid ${surface.borderColor}`,
        fontWeight: props.solid ? BOLD : undefined,
        whiteSpace: 'nowrap',
        minWidth: props.minWidth,
        justifyContent: 'center',
      }}
    >
      <span aria-hidden style={{ marginRight: 4 }}>
        {props.glyph}
      </span>
      {props.text}
    </Badge>
  );
};

const STATE_BADGES: Record<
  ClusterUpgradeReadiness['state'] | 'filtered',
  { tone: Tone; solid: boolean; glyph: string; text: string }
> = {
  blocked: { tone: 'danger', solid: true, glyph: '✕', text: 'Blocked' },
  unknown: { tone: 'info', solid: false, glyph: '?', text: 'Unknown' },
  ready: { tone: 'success', solid: false, glyph: '✓', text: 'Ready' },
  filtered: { tone: 'neutral', solid: false, glyph: '–', text: 'No findings' },
};

/** A cluster's readiness for the next minor; `filtered`: nothing of the chosen team. */
export const StateBadge = (props: {
  state: ClusterUpgradeReadiness['state'] | 'filtered';
}) => <ToneBadge {...STATE_BADGES[props.state]} minWidth={96} />;

const SEVERITY_BADGES: Record<
  UpgradeFindingSeverity,
  { tone: Tone; solid: boolean; glyph: string }
> = {
  blocker: { tone: 'danger', solid: true, glyph: '✕' },
  warning: { tone: 'warning', solid: false, glyph: '!' },
  unknown: { tone: 'info', solid: false, glyph: '?' },
};

export const SeverityBadge = (props: { severity: UpgradeFindingSeverity }) => (
  <ToneBadge
    {...SEVERITY_BADGES[props.severity]}
    text={SEVERITY_LABELS[props.severity]}
  />
);
