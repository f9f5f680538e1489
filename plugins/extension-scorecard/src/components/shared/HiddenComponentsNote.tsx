import { Text } from '@backstage/ui';

/**
 * "N more you may not see": how many components a view's figures leave out because
 * the reader may not see them (catalog permissions, orphans). Only a count: the API
 * never says which. Nothing when none is hidden.
 */
export const HiddenComponentsNote = (props: {
  count: number | undefined;
  /** What the hidden ones are left out of, e.g. "these figures". */
  from?: string;
}) => {
  const count = props.count ?? 0;
  if (count <= 0) return null;
  return (
    <Text
      as="p"
      variant="body-small"
      color="secondary"
      data-testid="hidden-by-visibility"
    >
      {count} more you may not see: {count === 1 ? 'a component' : 'components'}{' '}
      hidden from you by catalog or orphan permissions{' '}
      {count === 1 ? 'is' : 'are'} not counted in{' '}
      {props.from ?? 'these figures'}.
    </Text>
  );
};
