import { CSSProperties } from 'react';
import { Text } from '@backstage/ui';

/** A native date input drawn like BUI's fields (BUI has no date field). */
export const dateInputStyle: CSSProperties = {
  height: '2rem',
  padding: '0 var(--bui-space-3)',
  borderRadius: 'var(--bui-radius-2)',
  border: '1px solid var(--bui-border-2)',
  background: 'var(--bui-bg-neutral-2)',
  color: 'var(--bui-fg-primary)',
  fontFamily: 'var(--bui-font-regular)',
  fontSize: 'var(--bui-font-size-3)',
  colorScheme: 'inherit',
};

/** A field's validation message (or its hint), tied to the field by id. */
export const FieldMessage = (props: {
  id: string;
  error?: string;
  hint?: string;
}) =>
  props.error || props.hint ? (
    <Text
      as="p"
      id={props.id}
      variant="body-small"
      color={props.error ? 'danger' : 'secondary'}
    >
      {props.error ?? props.hint}
    </Text>
  ) : null;
