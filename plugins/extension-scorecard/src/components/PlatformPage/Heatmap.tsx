import ButtonBase from '@material-ui/core/ButtonBase';
import Table from '@material-ui/core/Table';
import TableBody from '@material-ui/core/TableBody';
import TableCell from '@material-ui/core/TableCell';
import TableHead from '@material-ui/core/TableHead';
import TableRow from '@material-ui/core/TableRow';
import Typography from '@material-ui/core/Typography';
import { alpha, makeStyles, Theme, useTheme } from '@material-ui/core/styles';
import {
  Dimension,
  EXTENSION_KIND_INFO,
  ExtensionKind,
  Heatmap as HeatmapData,
  HeatmapCell,
} from '@extension-scorecard/plugin-extension-scorecard-common';

const useStyles = makeStyles(theme => ({
  scroll: { overflowX: 'auto' },
  table: { borderCollapse: 'separate', borderSpacing: 2 },
  header: {
    fontSize: theme.typography.caption.fontSize,
    whiteSpace: 'nowrap',
    padding: theme.spacing(0.5),
    border: 'none',
  },
  kind: {
    whiteSpace: 'nowrap',
    padding: theme.spacing(0.5, 1),
    border: 'none',
  },
  cellTd: { padding: 0, border: 'none' },
  cell: {
    width: '100%',
    minWidth: 84,
    minHeight: 44,
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'center',
    borderRadius: theme.shape.borderRadius,
    color: theme.palette.text.primary,
    border: `2px solid transparent`,
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}` },
  },
  selected: { borderColor: theme.palette.primary.main },
  empty: { color: theme.palette.text.disabled, textAlign: 'center' },
  line: { fontSize: theme.typography.caption.fontSize, lineHeight: 1.3 },
}));

function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** Background of a cell: red by the share of fails, else orange by warns, else green. */
function cellBackground(theme: Theme, cell: HeatmapCell): string {
  const { status } = theme.palette;
  if (cell.fail > 0) return alpha(status.error, 0.2 + 0.6 * cell.failShare);
  if (cell.warn > 0) return alpha(status.warning, 0.2 + 0.5 * cell.warnShare);
  if (cell.unknown > 0) return alpha(theme.palette.info.main, 0.25);
  return alpha(status.ok, 0.25);
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
  const classes = useStyles();
  const theme = useTheme();
  const cells = new Map(
    heatmap.cells.map(cell => [`${cell.kind}|${cell.dimension}`, cell]),
  );

  return (
    <div className={classes.scroll}>
      <Table
        size="small"
        className={classes.table}
        aria-label="Kind by dimension heat map"
      >
        <TableHead>
          <TableRow>
            <TableCell className={classes.header}>Kind</TableCell>
            {heatmap.dimensions.map(dimension => (
              <TableCell
                key={dimension}
                className={classes.header}
                align="center"
              >
                {dimension}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {heatmap.kinds.map(({ kind, components }) => (
            <TableRow key={kind}>
              <TableCell component="th" scope="row" className={classes.kind}>
                <Typography variant="body2">
                  {EXTENSION_KIND_INFO[kind].title}
                </Typography>
                <Typography variant="caption" color="textSecondary">
                  {components} component{components === 1 ? '' : 's'}
                </Typography>
              </TableCell>
              {heatmap.dimensions.map(dimension => {
                const cell = cells.get(`${kind}|${dimension}`);
                if (!cell || cell.total === 0) {
                  return (
                    <TableCell key={dimension} className={classes.cellTd}>
                      <Typography
                        variant="caption"
                        component="div"
                        className={classes.empty}
                        aria-label={`${kind}, ${dimension}: no results`}
                      >
                        –
                      </Typography>
                    </TableCell>
                  );
                }
                const isSelected =
                  selected?.kind === kind && selected?.dimension === dimension;
                return (
                  <TableCell key={dimension} className={classes.cellTd}>
                    <ButtonBase
                      focusRipple
                      className={`${classes.cell} ${
                        isSelected ? classes.selected : ''
                      }`}
                      style={{ backgroundColor: cellBackground(theme, cell) }}
                      aria-label={cellLabel(cell)}
                      aria-pressed={isSelected}
                      data-testid={`heatmap-cell-${kind}-${dimension}`}
                      onClick={() => onSelect(kind, dimension)}
                    >
                      <span className={classes.line}>
                        {percent(cell.failShare)} fail
                      </span>
                      <span className={classes.line}>
                        {percent(cell.warnShare)} warn
                      </span>
                    </ButtonBase>
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
};
