import MenuItem from '@material-ui/core/MenuItem';
import TextField from '@material-ui/core/TextField';

export interface FilterOption {
  value: string;
  label: string;
}

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
  const labelOf = (v: string) => options.find(o => o.value === v)?.label ?? v;
  return (
    <TextField
      id={id}
      select
      label={label}
      variant="outlined"
      size="small"
      fullWidth
      value={multiple ? value : value[0] ?? ''}
      SelectProps={{
        multiple,
        displayEmpty: false,
        renderValue: selected =>
          (Array.isArray(selected) ? selected : [selected as string])
            .filter(Boolean)
            .map(v => labelOf(String(v)))
            .join(', '),
      }}
      onChange={event => {
        const next = event.target.value as unknown as string | string[];
        if (Array.isArray(next)) onChange(next);
        else onChange(next === '' ? [] : [String(next)]);
      }}
    >
      {!multiple && (
        <MenuItem value="">
          <em>any</em>
        </MenuItem>
      )}
      {options.map(option => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
};
