import { Select } from '@backstage/ui';

export interface FilterOption {
  value: string;
  label: string;
}

/** The "no filter" choice of a single select (react-aria keys cannot be empty). */
const ANY = '__any__';

/** A labelled select for one table filter; `multiple` lists match any of their values. */
export const FilterSelect = (props: {
  id: string;
  label: string;
  options: FilterOption[];
  value: string[];
  multiple?: boolean;
  onChange: (value: string[]) => void;
}) => {
  const { id, label, options, value, multiple, onChange } = props;
  if (multiple) {
    return (
      <Select
        id={id}
        label={label}
        size="small"
        selectionMode="multiple"
        placeholder=""
        options={options}
        value={value}
        onChange={next => onChange(next.map(String))}
      />
    );
  }
  return (
    <Select
      id={id}
      label={label}
      size="small"
      placeholder=""
      options={[{ value: ANY, label: 'any' }, ...options]}
      value={value[0] ?? null}
      onChange={next =>
        onChange(next === null || next === ANY ? [] : [String(next)])
      }
    />
  );
};
