import { CSSProperties, ReactNode } from 'react';
import { Text } from '@backstage/ui';

/** A list item in BUI type (BUI's Text does not render as <li>). */
export const ListItem = (props: {
  children: ReactNode;
  variant?: 'body-medium' | 'body-small';
  style?: CSSProperties;
}) => (
  <li style={props.style}>
    <Text variant={props.variant ?? 'body-medium'}>{props.children}</Text>
  </li>
);
