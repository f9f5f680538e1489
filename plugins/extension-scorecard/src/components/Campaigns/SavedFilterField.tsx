import { Select } from '@backstage/ui';
import { errorMessage } from '../../format/errors';
import { useSavedFilters } from '../../hooks/useSavedFilters';
import { FieldMessage } from '../shared/formFields';
import { scopeRefusal } from '../PlatformPage/savedFilters';

/** The "none" choice (react-aria keys cannot be empty). */
const NONE = '__none__';

/**
 * The scope's saved filter: none, or one of the platform page's saved filters. Those
 * filtering on results cannot be named (fixing a component would move it out of the
 * scope): they are listed, disabled, with the reason.
 */
export const SavedFilterField = (props: {
  /** A saved filter's id, '' for none. */
  value: string;
  /** Asks for the list (while the form is open). */
  wanted: boolean;
  onChange: (value: string) => void;
}) => {
  const { value, wanted, onChange } = props;
  const saved = useSavedFilters(0, wanted);
  const list = saved.value ?? [];
  const options = [
    { id: NONE, label: 'none' },
    ...list.map(s => {
      const refusal = scopeRefusal(s);
      return {
        id: s.id,
        label: s.name,
        description: refusal,
        disabled: Boolean(refusal),
      };
    }),
  ];
  // the campaign's own, before the list arrives (or if it cannot)
  if (value && !list.some(s => s.id === value)) {
    options.push({ id: value, label: value });
  }
  return (
    <div>
      <Select
        id="campaign-saved-filter"
        label="Saved filter"
        size="medium"
        options={options}
        value={value || NONE}
        onChange={next =>
          onChange(next === null || next === NONE ? '' : String(next))
        }
        aria-describedby="campaign-saved-filter-message"
      />
      <FieldMessage
        id="campaign-saved-filter-message"
        error={
          saved.error
            ? `Could not load the saved filters: ${errorMessage(saved.error)}`
            : undefined
        }
        hint="The components a saved filter of the platform page shows (its owners as they are, not the groups below)"
      />
    </div>
  );
};
