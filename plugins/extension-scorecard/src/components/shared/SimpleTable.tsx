import {
  CSSProperties,
  HTMLAttributes,
  ReactNode,
  TdHTMLAttributes,
} from 'react';

/*
 * A plain, read-only HTML table drawn with @backstage/ui tokens. BUI's own Table is a
 * react-aria grid (role "grid", arrow-key cell navigation, selection): these tables
 * are small and static, keep the "table" role screen readers and our tests rely on,
 * and hold their own buttons, so they stay semantic tables styled like BUI's.
 */

const tableStyle: CSSProperties = {
  width: '100%',
  borderCollapse: 'collapse',
  fontFamily: 'var(--bui-font-regular)',
  fontSize: 'var(--bui-font-size-3)',
  color: 'var(--bui-fg-primary)',
};

const cellStyle: CSSProperties = {
  padding: 'var(--bui-space-2) var(--bui-space-3)',
  borderBottom: '1px solid var(--bui-border-1)',
  textAlign: 'left',
  verticalAlign: 'top',
};

const headStyle: CSSProperties = {
  ...cellStyle,
  color: 'var(--bui-fg-secondary)',
  fontWeight: 'var(--bui-font-weight-bold)' as CSSProperties['fontWeight'],
  verticalAlign: 'bottom',
  whiteSpace: 'nowrap',
};

export const SimpleTable = (
  props: HTMLAttributes<HTMLTableElement> & { children: ReactNode },
) => {
  const { style, ...rest } = props;
  return <table {...rest} style={{ ...tableStyle, ...style }} />;
};

/** A header row: one <th scope="col"> per column title. */
export const SimpleTableHead = (props: { columns: ReactNode[] }) => (
  <thead>
    <tr>
      {props.columns.map((column, index) => (
        <th key={index} scope="col" style={headStyle}>
          {column}
        </th>
      ))}
    </tr>
  </thead>
);

export const Td = (props: TdHTMLAttributes<HTMLTableCellElement>) => {
  const { style, ...rest } = props;
  return <td {...rest} style={{ ...cellStyle, ...style }} />;
};

export const Th = (props: TdHTMLAttributes<HTMLTableCellElement>) => {
  const { style, ...rest } = props;
  return <th {...rest} style={{ ...headStyle, ...style }} />;
};
