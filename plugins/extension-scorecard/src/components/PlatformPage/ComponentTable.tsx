import { CSSProperties } from 'react';
import { Box, Flex, Text } from '@backstage/ui';
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
import {
  HoverTip,
  OutlineBadge,
  Pagination,
  SimpleTable,
  Td,
  Th,
  ListItem,
} from '../shared';
import { ComponentTableState, PAGE_SIZES } from './tableState';

const nowrap: CSSProperties = { whiteSpace: 'nowrap' };
const blockersStyle: CSSProperties = {
  minWidth: 260,
  maxWidth: 420,
  wordBreak: 'break-word',
};
const sortButtonStyle: CSSProperties = {
  all: 'unset',
  cursor: 'pointer',
  display: 'inline-flex',
  alignItems: 'center',
  gap: 'var(--bui-space-1)',
};

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
      <Text variant="body-small" color="secondary">
        {row.level === 3 ? 'top level' : '—'}
      </Text>
    );
  }
  if (all) {
    return (
      <ul style={{ margin: 0, paddingLeft: 16 }}>
        {blockers.map(blocker => (
          <ListItem variant="body-small" key={blocker}>
            {blocker}
          </ListItem>
        ))}
      </ul>
    );
  }
  return (
    <Text variant="body-small">
      {blockers[0]}
      {blockers.length > 1 && ` (+${blockers.length - 1} more)`}
    </Text>
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
  // With the blocker line under it, the row and its line read as one.
  const joined: CSSProperties = allBlockers ? { borderBottom: 'none' } : {};
  const main = (
    <tr data-testid="component-row">
      <Td style={{ ...joined, minWidth: 160 }}>
        <Link
          to={componentLink({
            componentId: encodeURIComponent(row.componentId),
          })}
        >
          {row.title ?? row.name}
        </Link>
        {row.hardGateCount > 0 && (
          <Text as="div" variant="body-small" color="danger">
            {row.hardGateCount} hard gate{row.hardGateCount === 1 ? '' : 's'}
          </Text>
        )}
      </Td>
      <Td style={{ ...joined, ...nowrap }}>
        {EXTENSION_KIND_INFO[row.kind]?.title ?? row.kind}
      </Td>
      <Td style={{ ...joined, ...nowrap }}>
        {row.orphan || !row.owner ? (
          <OutlineBadge>orphan</OutlineBadge>
        ) : (
          <EntityRefLink entityRef={row.owner} defaultKind="group" hideIcon />
        )}
      </Td>
      <Td style={joined}>{row.lifecycle ?? '—'}</Td>
      <Td style={joined}>
        <LevelChip level={row.level} />
      </Td>
      <Td style={{ ...joined, textAlign: 'right' }}>{Math.round(row.score)}</Td>
      <Td style={{ ...joined, textAlign: 'right' }}>{row.counts.fail}</Td>
      <Td style={{ ...joined, textAlign: 'right' }}>{row.counts.warn}</Td>
      <Td style={joined}>
        <Flex gap="1" style={{ flexWrap: 'wrap' }}>
          {row.clusters.map(cluster =>
            row.staleClusters.includes(cluster) ? (
              <HoverTip
                key={cluster}
                title="Stale: its last collection failed"
                label={`${cluster} (stale)`}
              >
                <OutlineBadge
                  style={{ borderColor: 'var(--bui-warning-border)' }}
                >
                  {`${cluster} (stale)`}
                </OutlineBadge>
              </HoverTip>
            ) : (
              <OutlineBadge key={cluster}>{cluster}</OutlineBadge>
            ),
          )}
        </Flex>
      </Td>
      {!allBlockers && (
        <Td style={{ ...joined, ...blockersStyle }}>
          <Blockers row={row} all={false} />
        </Td>
      )}
    </tr>
  );
  if (!allBlockers) return main;
  // Every blocker, on a full-width line under its component (team view).
  return (
    <>
      {main}
      <tr>
        <Td style={{ paddingTop: 0 }} />
        <Td
          colSpan={COLUMNS.length - 2}
          style={{ paddingTop: 0, wordBreak: 'break-word' }}
        >
          <Text variant="body-small" color="secondary">
            {row.level === 3 ? '' : `To reach L${row.level + 1}:`}
          </Text>
          <Blockers row={row} all />
        </Td>
      </tr>
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
  const sortBy = (field: ComponentSortField) =>
    onChange({
      ...state,
      sort: field,
      order: state.sort === field && state.order === 'asc' ? 'desc' : 'asc',
      page: 0,
    });

  return (
    <Box>
      <Box height="4px">
        {loading && (
          <progress
            aria-label="Loading components"
            style={{
              display: 'block',
              width: '100%',
              height: 4,
              accentColor: 'var(--bui-accent-bg)',
            }}
          />
        )}
      </Box>
      <Box style={{ overflowX: 'auto' }}>
        <SimpleTable aria-label="Extension components">
          <thead>
            <tr>
              {COLUMNS.filter(
                column => !(allBlockers && column.id === 'blockers'),
              ).map(column => {
                const active =
                  Boolean(column.sort) && state.sort === column.sort;
                let ariaSort: 'ascending' | 'descending' | undefined;
                if (active) {
                  ariaSort = state.order === 'asc' ? 'ascending' : 'descending';
                }
                return (
                  <Th
                    key={column.id}
                    scope="col"
                    aria-sort={ariaSort}
                    style={{
                      textAlign: column.align ?? 'left',
                      color: active ? 'var(--bui-fg-primary)' : undefined,
                    }}
                  >
                    {column.sort ? (
                      <button
                        type="button"
                        style={sortButtonStyle}
                        onClick={() => sortBy(column.sort!)}
                      >
                        {column.label}
                        <span
                          aria-hidden
                          style={{ visibility: active ? 'visible' : 'hidden' }}
                        >
                          {active && state.order === 'desc' ? '↓' : '↑'}
                        </span>
                      </button>
                    ) : (
                      column.label
                    )}
                  </Th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {page.items.map(row => (
              <ComponentRow
                key={row.componentId}
                row={row}
                allBlockers={allBlockers}
              />
            ))}
          </tbody>
        </SimpleTable>
      </Box>
      <Pagination
        total={page.total}
        page={Math.min(
          state.page,
          Math.max(0, Math.ceil(page.total / state.pageSize) - 1),
        )}
        pageSize={state.pageSize}
        pageSizes={PAGE_SIZES}
        onPageChange={next => onChange({ ...state, page: next })}
        onPageSizeChange={size =>
          onChange({ ...state, pageSize: size, page: 0 })
        }
      />
    </Box>
  );
};
