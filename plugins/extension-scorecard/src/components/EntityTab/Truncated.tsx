import { CSSProperties } from 'react';
import { Text } from '@backstage/ui';
import { HoverTip } from '../shared';

const clip = (maxWidth: string): CSSProperties => ({
  display: 'inline-block',
  maxWidth,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
});

/**
 * A long identifier (a certificate DN, a caBundle source path) on one line, cut with an
 * ellipsis instead of broken mid-word; the whole text is in the page for screen readers
 * and shown in a tooltip on hover or keyboard focus.
 */
export const Truncated = (props: {
  text: string;
  maxWidth?: string;
  variant?: 'body-small' | 'body-medium';
  color?: 'primary' | 'secondary';
}) => (
  <HoverTip title={props.text}>
    <Text
      variant={props.variant ?? 'body-small'}
      color={props.color}
      style={clip(props.maxWidth ?? '32ch')}
    >
      {props.text}
    </Text>
  </HoverTip>
);
