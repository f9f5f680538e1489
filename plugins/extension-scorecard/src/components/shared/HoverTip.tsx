import { ReactNode } from 'react';
import { Focusable, Tooltip, TooltipTrigger } from '@backstage/ui';

/**
 * A @backstage/ui tooltip on something that is not a BUI button: a badge, or a
 * disabled button (which fires no events, so a focusable span carries the tooltip,
 * as MUI's Tooltip needed too). With `label`, the span is an image with that
 * name (a badge: the tooltip is its description); without, it only wraps.
 */
export const HoverTip = (props: {
  title: ReactNode;
  children: ReactNode;
  label?: string;
}) => (
  <TooltipTrigger delay={300}>
    <Focusable>
      <span
        tabIndex={0}
        role={props.label ? 'img' : undefined}
        aria-label={props.label}
        style={{
          display: 'inline-flex',
          gap: 'var(--bui-space-2)',
          borderRadius: 'var(--bui-radius-2)',
        }}
      >
        {props.children}
      </span>
    </Focusable>
    <Tooltip>{props.title}</Tooltip>
  </TooltipTrigger>
);
