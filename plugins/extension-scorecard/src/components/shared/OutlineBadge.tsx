import { CSSProperties, ReactNode } from 'react';
import { Badge } from '@backstage/ui';

const outline: CSSProperties = {
  background: 'transparent',
  border: '1px solid var(--bui-border-2)',
  color: 'var(--bui-fg-primary)',
};

/** A neutral, outlined @backstage/ui badge (a cluster name, "stale", a kind). */
export const OutlineBadge = (props: {
  children: ReactNode;
  style?: CSSProperties;
  'aria-label'?: string;
}) => (
  <Badge
    size="small"
    aria-label={props['aria-label']}
    style={{ ...outline, ...props.style }}
  >
    {props.children}
  </Badge>
);
