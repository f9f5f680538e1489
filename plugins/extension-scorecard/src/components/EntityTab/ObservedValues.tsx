import { CSSProperties } from 'react';

const listStyle: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  columnGap: 'var(--bui-space-4)',
  rowGap: 'var(--bui-space-0_5, 2px)',
  margin: 0,
  fontSize: 'var(--bui-font-size-2)',
  fontFamily: 'var(--bui-font-monospace)',
};
const keyStyle: CSSProperties = { color: 'var(--bui-fg-secondary)' };
const valueStyle: CSSProperties = {
  margin: 0,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
};

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  return JSON.stringify(value, null, 2);
}

/** The values a check observed, as a key/value list. */
export const ObservedValues = (props: {
  observed?: Record<string, unknown>;
}) => {
  const entries = Object.entries(props.observed ?? {});
  if (entries.length === 0) return null;
  return (
    <dl style={listStyle} aria-label="Observed values">
      {entries.map(([key, value]) => (
        <div key={key} style={{ display: 'contents' }}>
          <dt style={keyStyle}>{key}</dt>
          <dd style={valueStyle}>{show(value)}</dd>
        </div>
      ))}
    </dl>
  );
};
