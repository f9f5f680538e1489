import { CSSProperties, ReactNode } from 'react';
import { Button, DialogFooter, FieldLabel, Text } from '@backstage/ui';

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

/** A day (`YYYY-MM-DD`) with its label and message (`<id>-message`). */
export const DayField = (props: {
  id: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  onChange: (value: string) => void;
}) => (
  <div>
    <FieldLabel label={props.label} htmlFor={props.id} />
    <input
      id={props.id}
      type="date"
      style={dateInputStyle}
      value={props.value}
      onChange={event => props.onChange(event.target.value)}
      aria-invalid={Boolean(props.error) || undefined}
      aria-describedby={`${props.id}-message`}
    />
    <FieldMessage
      id={`${props.id}-message`}
      error={props.error}
      hint={props.hint}
    />
  </div>
);

/** A form dialog's footer: Cancel, and the action (disabled while it runs). */
export const SubmitFooter = (props: {
  label: ReactNode;
  busy: boolean;
  onCancel: () => void;
  onSubmit: () => void;
}) => (
  <DialogFooter>
    <Button variant="secondary" onPress={props.onCancel}>
      Cancel
    </Button>
    <Button variant="primary" onPress={props.onSubmit} isDisabled={props.busy}>
      {props.label}
    </Button>
  </DialogFooter>
);
