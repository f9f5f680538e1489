import { CSSProperties } from 'react';
import { Text } from '@backstage/ui';
import {
  Dimension,
  EXTENSION_KIND_INFO,
  ExtensionKind,
  Heatmap as HeatmapData,
  HeatmapCell,
} from '@extension-scorecard/plugin-extension-scorecard-common';

const scrollStyle: CSSProperties = { overflowX: 'auto' };
const tableStyle: CSSProperties = {
  borderCollapse: 'separate',
  borderSpacing: 2,
  fontFamily: 'var(--bui-font-regular)',
  color: 'var(--bui-fg-primary)',
};
const headerStyle: CSSProperties = {
  fontSize: 'var(--bui-font-size-2)',
  fontWeight: 'var(--bui-font-weight-bold)' as CSSProperties['fontWeight'],
  color: 'var(--bui-fg-secondary)',
  whiteSpace: 'nowrap',
  padding: 'var(--bui-space-1)',
};
const kindStyle: CSSProperties = {
  whiteSpace: 'nowrap',
  padding: 'var(--bui-space-1) var(--bui-space-2)',
  textAlign: 'left',
  fontWeight: 'normal',
};
const cellStyle: CSSProperties = {
  width: '100%',
  minWidth: 84,
  minHeight: 44,
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  alignItems: 'center',
  borderRadius: 'var(--bui-radius-2)',
  color: 'var(--bui-fg-primary)',
  border: '2px solid transparent',
  cursor: 'pointer',
  font: 'inherit',
};
const emptyStyle: CSSProperties = {
  color: 'var(--bui-fg-disabled)',
  textAlign: 'center',
};
const lineStyle: CSSProperties = {
  fontSize: 'var(--bui-font-size-2)',
  lineHeight: 1.3,
};

function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** A theme colour mixed into transparency: `share` of 1 is the full colour. */
function tint(color: string, share: number): string {
  return `color-mix(in srgb, ${color} ${Math.round(
    share * 100,
  )}%, transparent)`;
}

/** Background of a cell: red by the share of fails, else orange by warns, else green. */
function cellBackground(cell: HeatmapCell): string {
  if (cell.fail > 0)
    return tint('var(--bui-fg-negative)', 0.2 + 0.6 * cell.failShare);
  if (cell.warn > 0)
    return tint('var(--bui-fg-warning)', 0.2 + 0.5 * cell.warnShare);
  if (cell.unknown > 0) return tint('var(--bui-fg-announcement)', 0.25);
  return tint('var(--bui-fg-positive)', 0.25);
}

/** What a screen reader hears for a cell (and what the tooltip-less cell means). */
export function cellLabel(cell: HeatmapCell): string {
  return (
    `${EXTENSION_KIND_INFO[cell.kind].title}, ${cell.dimension}: ` +
    `${cell.fail} of ${cell.total} fail (${percent(cell.failShare)}), ` +
    `${cell.warn} warn (${percent(cell.warnShare)}). ` +
    'Show these components in the table.'
  );
}

/**
 * The kind × dimension heat map. Each cell shows the share of components of that kind
 * whose worst result in that dimension is a fail or a warn; activating a cell filters
 * the component table (on the server) to those components.
 */
export const Heatmap = (props: {
  heatmap: HeatmapData;
  selected?: { kind: ExtensionKind; dimension: Dimension };
  onSelect: (kind: ExtensionKind, dimension: Dimension) => void;
}) => {
  const { heatmap, selected, onSelect } = props;
  const cells = new Map(
    heatmap.cells.map(cell => [`${cell.kind}|${cell.dimension}`, cell]),
  );

  return (
    <div style={scrollStyle}>
      <table style={tableStyle} aria-label="Kind by dimension heat map">
        <thead>
          <tr>
            <th scope="col" style={{ ...headerStyle, textAlign: 'left' }}>
              Kind
            </th>
            {heatmap.dimensions.map(dimension => (
              <th
                key={dimension}
                scope="col"
                style={{ ...headerStyle, textAlign: 'center' }}
              >
                {dimension}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {heatmap.kinds.map(({ kind, components }) => (
            <tr key={kind}>
              <th scope="row" style={kindStyle}>
                <Text as="div">{EXTENSION_KIND_INFO[kind].title}</Text>
                <Text as="div" variant="body-small" color="secondary">
                  {components} component{components === 1 ? '' : 's'}
                </Text>
              </th>
              {heatmap.dimensions.map(dimension => {
                const cell = cells.get(`${kind}|${dimension}`);
                if (!cell || cell.total === 0) {
                  return (
                    <td key={dimension} style={{ padding: 0 }}>
                      <Text
                        as="div"
                        variant="body-small"
                        style={emptyStyle}
                        aria-label={`${kind}, ${dimension}: no results`}
                      >
                        –
                      </Text>
                    </td>
                  );
                }
                const isSelected =
                  selected?.kind === kind && selected?.dimension === dimension;
                return (
                  <td key={dimension} style={{ padding: 0 }}>
                    <button
                      type="button"
                      style={{
                        ...cellStyle,
                        backgroundColor: cellBackground(cell),
                        borderColor: isSelected
                          ? 'var(--bui-accent-bg)'
                          : 'transparent',
                      }}
                      aria-label={cellLabel(cell)}
                      aria-pressed={isSelected}
                      data-testid={`heatmap-cell-${kind}-${dimension}`}
                      onClick={() => onSelect(kind, dimension)}
                    >
                      <span style={lineStyle}>
                        {percent(cell.failShare)} fail
                      </span>
                      <span style={lineStyle}>
                        {percent(cell.warnShare)} warn
                      </span>
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};
