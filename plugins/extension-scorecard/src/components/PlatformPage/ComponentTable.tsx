import Box from '@material-ui/core/Box';
import Chip from '@material-ui/core/Chip';
import LinearProgress from '@material-ui/core/LinearProgress';
import Table from '@material-ui/core/Table';
import TableBody from '@material-ui/core/TableBody';
import TableCell from '@material-ui/core/TableCell';
import TableContainer from '@material-ui/core/TableContainer';
import TableHead from '@material-ui/core/TableHead';
import TablePagination from '@material-ui/core/TablePagination';
import TableRow from '@material-ui/core/TableRow';
import TableSortLabel from '@material-ui/core/TableSortLabel';
import { makeStyles } from '@material-ui/core/styles';
import Tooltip from '@material-ui/core/Tooltip';
import Typography from '@material-ui/core/Typography';
import { Link } from '@backstage/core-components';
import { useRouteRef } from '@backstage/core-plugin-api';
import { EntityRefLink } from '@backstage/plugin-catalog-react';
import {
  ComponentPage,
  ComponentSortField,
  ComponentSummary,
  EXTENSION_KIND_INFO,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { componentRouteRef } from '../../routes';
import { LevelChip } from '../StatusDisplay';
import { ComponentTableState, PAGE_SIZES } from './tableState';

const useStyles = makeStyles(theme => ({
  head: { whiteSpace: 'nowrap' },
  name: { minWidth: 160 },
  nowrap: { whiteSpace: 'nowrap' },
  blockers: { minWidth: 260, maxWidth: 420, wordBreak: 'break-word' },
  blockerLine: { paddingTop: 0, wordBreak: 'break-word' },
  clusters: { display: 'flex', flexWrap: 'wrap', gap: theme.spacing(0.5) },
}));

interface Column {
  id: string;
  label: string;
  sort?: ComponentSortField;
  align?: 'right' | 'left';
}

const COLUMNS: Column[] = [
  { id: 'name', label: 'Component', sort: 'name' },
  { id: 'kind', label: 'Kind', sort: 'kind' },
  { id: 'owner', label: 'Owner', sort: 'owner' },
  { id: 'lifecycle', label: 'Lifecycle', sort: 'lifecycle' },
  { id: 'level', label: 'Level', sort: 'level' },
  { id: 'score', label: 'Score', sort: 'score', align: 'right' },
  { id: 'fails', label: 'Fails', sort: 'fails', align: 'right' },
  { id: 'warns', label: 'Warns', sort: 'warns', align: 'right' },
  { id: 'clusters', label: 'Clusters' },
  { id: 'blockers', label: 'Next level needs' },
];

const Blockers = ({ row, all }: { row: ComponentSummary; all: boolean }) => {
  const blockers = row.nextLevelBlockers;
  if (blockers.length === 0) {
    return (
      <Typography variant="caption" color="textSecondary">
        {row.level === 3 ? 'top level' : '—'}
      </Typography>
    );
  }
  if (all) {
    return (
      <ul style={{ margin: 0, paddingLeft: 16 }}>
        {blockers.map(blocker => (
          <Typography component="li" variant="caption" key={blocker}>
            {blocker}
          </Typography>
        ))}
      </ul>
    );
  }
  return (
    <Typography variant="caption">
      {blockers[0]}
      {blockers.length > 1 && ` (+${blockers.length - 1} more)`}
    </Typography>
  );
};

const ComponentRow = ({
  row,
  allBlockers,
}: {
  row: ComponentSummary;
  allBlockers: boolean;
}) => {
  const componentLink = useRouteRef(componentRouteRef);
  const classes = useStyles();
  const main = (
    <TableRow hover data-testid="component-row">
      <TableCell className={classes.name}>
        <Link
          to={componentLink({
            componentId: encodeURIComponent(row.componentId),
          })}
        >
          {row.title ?? row.name}
        </Link>
        {row.hardGateCount > 0 && (
          <Typography variant="caption" color="error" component="div">
            {row.hardGateCount} hard gate{row.hardGateCount === 1 ? '' : 's'}
          </Typography>
        )}
      </TableCell>
      <TableCell className={classes.nowrap}>
        {EXTENSION_KIND_INFO[row.kind]?.title ?? row.kind}
      </TableCell>
      <TableCell className={classes.nowrap}>
        {row.orphan || !row.owner ? (
          <Chip size="small" variant="outlined" label="orphan" />
        ) : (
          <EntityRefLink entityRef={row.owner} defaultKind="group" hideIcon />
        )}
      </TableCell>
      <TableCell>{row.lifecycle ?? '—'}</TableCell>
      <TableCell>
        <LevelChip level={row.level} />
      </TableCell>
      <TableCell align="right">{Math.round(row.score)}</TableCell>
      <TableCell align="right">{row.counts.fail}</TableCell>
      <TableCell align="right">{row.counts.warn}</TableCell>
      <TableCell>
        <div className={classes.clusters}>
          {row.clusters.map(cluster =>
            row.staleClusters.includes(cluster) ? (
              <Tooltip key={cluster} title="Stale: its last collection failed">
                <Chip
                  size="small"
                  variant="outlined"
                  label={`${cluster} (stale)`}
                />
              </Tooltip>
            ) : (
              <Chip
                key={cluster}
                size="small"
                variant="outlined"
                label={cluster}
              />
            ),
          )}
        </div>
      </TableCell>
      {!allBlockers && (
        <TableCell className={classes.blockers}>
          <Blockers row={row} all={false} />
        </TableCell>
      )}
    </TableRow>
  );
  if (!allBlockers) return main;
  // Every blocker, on a full-width line under its component (team view).
  return (
    <>
      {main}
      <TableRow>
        <TableCell />
        <TableCell colSpan={COLUMNS.length - 2} className={classes.blockerLine}>
          <Typography variant="caption" color="textSecondary">
            {row.level === 3 ? '' : `To reach L${row.level + 1}:`}
          </Typography>
          <Blockers row={row} all />
        </TableCell>
      </TableRow>
    </>
  );
};

/**
 * One server page of the component table. Sorting and paging ask the server again;
 * rows of the previous page stay visible (dimmed by the progress bar) meanwhile.
 */
export const ComponentTable = (props: {
  page: ComponentPage;
  state: ComponentTableState;
  loading: boolean;
  onChange: (state: ComponentTableState) => void;
  /** List every blocker instead of the first one (team view). */
  allBlockers?: boolean;
}) => {
  const { page, state, loading, onChange, allBlockers = false } = props;
  const classes = useStyles();
  const sortBy = (field: ComponentSortField) =>
    onChange({
      ...state,
      sort: field,
      order: state.sort === field && state.order === 'asc' ? 'desc' : 'asc',
      page: 0,
    });

  return (
    <Box>
      <Box height={4}>
        {loading && <LinearProgress aria-label="Loading components" />}
      </Box>
      <TableContainer>
        <Table size="small" aria-label="Extension components">
          <TableHead>
            <TableRow>
              {COLUMNS.filter(
                column => !(allBlockers && column.id === 'blockers'),
              ).map(column => (
                <TableCell
                  key={column.id}
                  className={classes.head}
                  align={column.align}
                  sortDirection={
                    column.sort && state.sort === column.sort
                      ? state.order
                      : false
                  }
                >
                  {column.sort ? (
                    <TableSortLabel
                      active={state.sort === column.sort}
                      direction={
                        state.sort === column.sort ? state.order : 'asc'
                      }
                      onClick={() => sortBy(column.sort!)}
                    >
                      {column.label}
                    </TableSortLabel>
                  ) : (
                    column.label
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {page.items.map(row => (
              <ComponentRow
                key={row.componentId}
                row={row}
                allBlockers={allBlockers}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={page.total}
        page={Math.min(
          state.page,
          Math.max(0, Math.ceil(page.total / state.pageSize) - 1),
        )}
        rowsPerPage={state.pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_event, next) => onChange({ ...state, page: next })}
        onRowsPerPageChange={event =>
          onChange({ ...state, pageSize: Number(event.target.value), page: 0 })
        }
      />
    </Box>
  );
};
