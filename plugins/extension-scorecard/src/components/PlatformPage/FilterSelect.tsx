import { Select } from '@backstage/ui';

export interface FilterOption {
  value: string;
  label: string;
}

/** The "no filter" choice (react-aria keys cannot be empty). */
const ANY = '__any__';

/**
 * A labelled select for one table filter; `multiple` lists match any of their
 * values. `searchable` adds a type-ahead field above the options (long lists).
 * Single selects always offer `anyLabel` ("any"); multiple ones do when given one,
 * shown while nothing is chosen and clearing the choice when picked.
 */
export const FilterSelect = (props: {
  id: string;
  label: string;
  options: FilterOption[];
  value: string[];
  multiple?: boolean;
  searchable?: boolean;
  anyLabel?: string;
  onChange: (value: string[]) => void;
}) => {
  const { id, label, options, value, multiple, searchable, onChange } = props;
  const search = searchable
    ? { placeholder: `Type to filter ${label.toLowerCase()}` }
    : undefined;
  if (multiple) {
    const any = props.anyLabel;
    return (
      <Select
        id={id}
        label={label}
        size="small"
        selectionMode="multiple"
        placeholder=""
        search={search}
        options={any ? [{ value: ANY, label: any }, ...options] : options}
        value={any && value.length === 0 ? [ANY] : value}
        onChange={next => {
          const chosen = next.map(String);
          // picking "any" clears the rest; picking a value drops "any"
          if (chosen.includes(ANY) && !(any && value.length === 0)) {
            onChange([]);
          } else {
            onChange(chosen.filter(v => v !== ANY));
          }
        }}
      />
    );
  }
  return (
    <Select
      id={id}
      label={label}
      size="small"
      placeholder=""
      search={search}
      options={[{ value: ANY, label: props.anyLabel ?? 'any' }, ...options]}
      value={value[0] ?? ANY}
      onChange={next =>
        onChange(next === null || next === ANY ? [] : [String(next)])
      }
    />
  );
};
