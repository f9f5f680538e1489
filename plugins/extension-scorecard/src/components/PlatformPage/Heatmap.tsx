import {
  CSSProperties,
  Fragment,
  KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Flex, Focusable, Text, Tooltip, TooltipTrigger } from '@backstage/ui';
import {
  DIMENSION_TITLES,
  Dimension,
  EXTENSION_KIND_INFO,
  ExtensionKind,
  Heatmap as HeatmapData,
  HeatmapCell,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { FOCUS_RING, useFocusVisible } from '../shared';
import {
  CELL_LEGEND,
  CELL_STATUSES,
  CellStatus,
  cellBreakdown,
  cellColors,
  cellLabel,
  cellPlace,
  cellStatus,
  cellText,
} from './heatmapCells';

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
  color: 'var(--bui-fg-primary)',
  padding: 'var(--bui-space-1)',
  verticalAlign: 'bottom',
  // "Failure boundary" may wrap between its words, never inside one
  minWidth: 64,
  maxWidth: 110,
};
const kindStyle: CSSProperties = {
  whiteSpace: 'nowrap',
  padding: 'var(--bui-space-1) var(--bui-space-2)',
  textAlign: 'left',
  fontWeight: 'normal',
};
const cellStyle: CSSProperties = {
  height: 36,
  padding: '0 var(--bui-space-2)',
  textAlign: 'center',
  whiteSpace: 'nowrap',
  borderRadius: 'var(--bui-radius-2)',
  borderStyle: 'solid',
  borderWidth: 2,
  fontSize: 'var(--bui-font-size-2)',
  cursor: 'pointer',
};
const swatchStyle: CSSProperties = {
  display: 'inline-block',
  width: 16,
  height: 16,
  borderRadius: 'var(--bui-radius-1)',
  borderStyle: 'solid',
  borderWidth: 1,
};

type Position = { row: number; col: number };

/** Where a key moves focus in a rows × cols grid (undefined: not a move key). */
export function moveInGrid(
  key: string,
  ctrl: boolean,
  from: Position,
  rows: number,
  cols: number,
): Position | undefined {
  const clamp = (value: number, size: number) =>
    Math.min(size - 1, Math.max(0, value));
  switch (key) {
    case 'ArrowRight':
      return { row: from.row, col: clamp(from.col + 1, cols) };
    case 'ArrowLeft':
      return { row: from.row, col: clamp(from.col - 1, cols) };
    case 'ArrowDown':
      return { row: clamp(from.row + 1, rows), col: from.col };
    case 'ArrowUp':
      return { row: clamp(from.row - 1, rows), col: from.col };
    case 'Home':
      return { row: ctrl ? 0 : from.row, col: 0 };
    case 'End':
      return { row: ctrl ? rows - 1 : from.row, col: cols - 1 };
    default:
      return undefined;
  }
}

const HeatmapLegend = (props: { id: string }) => (
  <Flex
    id={props.id}
    mt="2"
    gap="4"
    align="center"
    style={{ flexWrap: 'wrap' }}
    aria-label="Heat map legend"
    role="list"
  >
    {CELL_STATUSES.map(status => {
      const colors = cellColors(status);
      return (
        <Flex key={status} gap="1" align="center" role="listitem">
          <span
            aria-hidden
            style={{
              ...swatchStyle,
              background: colors.background,
              borderColor: colors.borderColor,
            }}
          />
          <Text variant="body-small">
            {status === 'none' ? '–' : `N ${status}`}: {CELL_LEGEND[status]}
          </Text>
        </Flex>
      );
    })}
  </Flex>
);

const CellTip = (props: { cell: HeatmapCell }) => (
  <>
    <Text as="div" variant="body-small" weight="bold">
      {cellPlace(props.cell)}: {props.cell.total} component
      {props.cell.total === 1 ? '' : 's'}
    </Text>
    {cellBreakdown(props.cell).map(line => (
      <Text as="div" variant="body-small" key={line}>
        {line}
      </Text>
    ))}
  </>
);

/**
 * The kind × dimension heat map: one grid widget. Each cell shows how many
 * components of the kind have its worst status in the dimension (fail, else warn,
 * else unknown, else pass), with the full breakdown in its tooltip. One tab stop:
 * the arrow keys, Home and End move between cells; Enter, Space or a click filters
 * the component table (on the server) to the components that warn or fail there.
 */
export const Heatmap = (props: {
  heatmap: HeatmapData;
  selected?: { kind: ExtensionKind; dimension: Dimension };
  onSelect: (kind: ExtensionKind, dimension: Dimension) => void;
}) => {
  const { heatmap, selected, onSelect } = props;
  const legendId = useId();
  const cells = new Map(
    heatmap.cells.map(cell => [`${cell.kind}|${cell.dimension}`, cell]),
  );
  const kinds = heatmap.kinds.map(k => k.kind);
  const dimensions = heatmap.dimensions;
  const rows = kinds.length;
  const cols = dimensions.length;

  const selectedPosition = (): Position => {
    const row = selected ? kinds.indexOf(selected.kind) : -1;
    const col = selected ? dimensions.indexOf(selected.dimension) : -1;
    return row >= 0 && col >= 0 ? { row, col } : { row: 0, col: 0 };
  };
  const [active, setActive] = useState<Position>(selectedPosition);
  // one ring for the grid: only one cell can hold focus
  const { focusVisible, focusProps } = useFocusVisible();
  const cellRefs = useRef(new Map<string, HTMLTableCellElement>());
  const moved = useRef(false);

  // Fewer kinds or dimensions after a reload: keep the tab stop inside the grid.
  const row = Math.min(active.row, Math.max(0, rows - 1));
  const col = Math.min(active.col, Math.max(0, cols - 1));

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    cellRefs.current.get(`${row}|${col}`)?.focus();
  }, [row, col]);

  const activate = useCallback(
    (kind: ExtensionKind, dimension: Dimension, cell?: HeatmapCell) => {
      if (cellStatus(cell) !== 'none') onSelect(kind, dimension);
    },
    [onSelect],
  );

  const onKeyDown = (
    event: KeyboardEvent<HTMLTableCellElement>,
    kind: ExtensionKind,
    dimension: Dimension,
    cell?: HeatmapCell,
  ) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      activate(kind, dimension, cell);
      return;
    }
    const next = moveInGrid(
      event.key,
      event.ctrlKey || event.metaKey,
      { row, col },
      rows,
      cols,
    );
    if (!next) return;
    event.preventDefault();
    moved.current = true;
    setActive(next);
    if (next.row === row && next.col === col) moved.current = false;
  };

  return (
    <div style={scrollStyle}>
      <table
        role="grid"
        style={tableStyle}
        aria-label="Kind by dimension heat map"
        aria-describedby={legendId}
      >
        <thead>
          <tr role="row">
            <th
              role="columnheader"
              scope="col"
              style={{ ...headerStyle, textAlign: 'left' }}
            >
              Kind
            </th>
            {dimensions.map(dimension => (
              <th
                key={dimension}
                role="columnheader"
                scope="col"
                style={{ ...headerStyle, textAlign: 'center' }}
              >
                {DIMENSION_TITLES[dimension] ?? dimension}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {heatmap.kinds.map(({ kind, components }, r) => (
            <tr key={kind} role="row">
              <th role="rowheader" scope="row" style={kindStyle}>
                <Text as="div">{EXTENSION_KIND_INFO[kind]?.title ?? kind}</Text>
                <Text as="div" variant="body-small">
                  {components} component{components === 1 ? '' : 's'}
                </Text>
              </th>
              {dimensions.map((dimension, c) => {
                const cell = cells.get(`${kind}|${dimension}`);
                const status: CellStatus = cellStatus(cell);
                const colors = cellColors(status);
                const isActive = r === row && c === col;
                const isSelected =
                  selected?.kind === kind && selected?.dimension === dimension;
                const td = (
                  <td
                    ref={element => {
                      if (element) cellRefs.current.set(`${r}|${c}`, element);
                      else cellRefs.current.delete(`${r}|${c}`);
                    }}
                    role="gridcell"
                    tabIndex={isActive ? 0 : -1}
                    aria-label={cellLabel(cell, { kind, dimension })}
                    aria-selected={isSelected}
                    data-testid={`heatmap-cell-${kind}-${dimension}`}
                    data-status={status}
                    style={{
                      ...cellStyle,
                      background: colors.background,
                      color: colors.color,
                      borderColor: isSelected
                        ? 'var(--bui-fg-primary)'
                        : colors.borderColor,
                      fontWeight: status === 'fail' ? 'bold' : 'normal',
                      cursor: status === 'none' ? 'default' : 'pointer',
                      ...(isActive && focusVisible ? FOCUS_RING : {}),
                    }}
                    onPointerDown={focusProps.onPointerDown}
                    onFocus={() => {
                      setActive({ row: r, col: c });
                      focusProps.onFocus();
                    }}
                    onBlur={focusProps.onBlur}
                    onClick={() => {
                      setActive({ row: r, col: c });
                      activate(kind, dimension, cell);
                    }}
                    onKeyDown={event => onKeyDown(event, kind, dimension, cell)}
                  >
                    {cellText(cell)}
                  </td>
                );
                if (!cell || cell.total === 0) {
                  return <Fragment key={dimension}>{td}</Fragment>;
                }
                return (
                  <TooltipTrigger key={dimension} delay={300}>
                    <Focusable>{td}</Focusable>
                    <Tooltip>
                      <CellTip cell={cell} />
                    </Tooltip>
                  </TooltipTrigger>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <HeatmapLegend id={legendId} />
    </div>
  );
};
