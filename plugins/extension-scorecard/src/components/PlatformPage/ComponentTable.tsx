import { CSSProperties, ReactNode } from 'react';
import { Box, Flex, Text } from '@backstage/ui';
import { Link } from '@backstage/core-components';
import { useRouteRef } from '@backstage/core-plugin-api';
import { EntityRefLink } from '@backstage/plugin-catalog-react';
import {
  CheckDefinition,
  ComponentPage,
  ComponentSortField,
  ComponentSummary,
  EXTENSION_KIND_INFO,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { componentRouteRef } from '../../routes';
import { LevelChip, toneText } from '../StatusDisplay';
import {
  FOCUS_RING,
  HoverTip,
  OutlineBadge,
  Pagination,
  SimpleTable,
  Td,
  Th,
  ListItem,
  useFocusVisible,
} from '../shared';
import { groupBlockers } from './blockers';
import { ComponentTableState, PAGE_SIZES, pageSizeOptions } from './tableState';

const nowrap: CSSProperties = { whiteSpace: 'nowrap' };
/** Narrower than SimpleTable's cells: ten columns fit a 1,136 px card. */
const cellPadding: CSSProperties = { padding: 'var(--bui-space-2)' };
/** 240 px with its padding: the chips inside get at most 220. */
const blockersStyle: CSSProperties = { minWidth: 150, maxWidth: 240 };
const blockerChipStyle: CSSProperties = {
  maxWidth: '100%',
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  display: 'inline-block',
  lineHeight: '24px',
};
/** A chip never wider than its cell: a long title ends in an ellipsis. */
const blockerBadgeStyle: CSSProperties = {
  maxWidth: '100%',
  minWidth: 0,
  overflow: 'hidden',
};
/** Chips shown in the compact "next level needs" cell; the rest are "+N". */
const SHOWN_BLOCKERS = 2;
const sortButtonStyle: CSSProperties = {
  all: 'unset',
  cursor: 'pointer',
  display: 'inline-flex',
  alignItems: 'center',
  gap: 'var(--bui-space-1)',
  borderRadius: 'var(--bui-radius-1)',
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

/** Every blocker sentence, one per line (team view). */
const AllBlockers = ({ row }: { row: ComponentSummary }) => (
  <ul style={{ margin: 0, paddingLeft: 16 }}>
    {row.nextLevelBlockers.map(blocker => (
      <ListItem variant="body-small" key={blocker}>
        {blocker}
      </ListItem>
    ))}
  </ul>
);

/**
 * The checks keeping a component from the next level, as a line of check titles;
 * the full sentences are on hover or focus (and on the component page).
 */
const CompactBlockers = (props: {
  row: ComponentSummary;
  titles: ReadonlyMap<string, string>;
}) => {
  const { row, titles } = props;
  const groups = groupBlockers(row.nextLevelBlockers, titles);
  const shown = groups.slice(0, SHOWN_BLOCKERS);
  const hidden = groups.length - shown.length;
  const names = shown.map(group => group.title).join(', ');
  return (
    <HoverTip
      label={`To reach L${row.level + 1}: ${names}${
        hidden > 0 ? ` and ${hidden} more` : ''
      }`}
      title={
        <ul style={{ margin: 0, paddingLeft: 16, maxWidth: 480 }}>
          {row.nextLevelBlockers.map(blocker => (
            <ListItem variant="body-small" key={blocker}>
              {blocker}
            </ListItem>
          ))}
        </ul>
      }
    >
      <Flex
        gap="1"
        align="center"
        style={{ flexWrap: 'wrap', minWidth: 0, maxWidth: 220 }}
        data-testid="next-level-blockers"
      >
        {shown.map(group => (
          <OutlineBadge
            key={group.checkId ?? group.title}
            style={blockerBadgeStyle}
          >
            <span style={blockerChipStyle}>
              {group.title}
              {group.details.length > 1 ? ` ×${group.details.length}` : ''}
            </span>
          </OutlineBadge>
        ))}
        {hidden > 0 && <Text variant="body-small">+{hidden}</Text>}
      </Flex>
    </HoverTip>
  );
};

const Blockers = (props: {
  row: ComponentSummary;
  all: boolean;
  titles: ReadonlyMap<string, string>;
}) => {
  const { row, all, titles } = props;
  if (row.nextLevelBlockers.length === 0) {
    return (
      <Text variant="body-small">{row.level === 3 ? 'top level' : '—'}</Text>
    );
  }
  return all ? (
    <AllBlockers row={row} />
  ) : (
    <CompactBlockers row={row} titles={titles} />
  );
};

/** A column header that sorts the table, with a visible keyboard focus ring. */
const SortButton = (props: { onSort: () => void; children: ReactNode }) => {
  const { focusVisible, focusProps } = useFocusVisible();
  return (
    <button
      type="button"
      style={{ ...sortButtonStyle, ...(focusVisible ? FOCUS_RING : {}) }}
      onClick={props.onSort}
      {...focusProps}
    >
      {props.children}
    </button>
  );
};

const ComponentRow = ({
  row,
  allBlockers,
  titles,
}: {
  row: ComponentSummary;
  allBlockers: boolean;
  titles: ReadonlyMap<string, string>;
}) => {
  const componentLink = useRouteRef(componentRouteRef);
  // With the blocker line under it, the row and its line read as one.
  const joined: CSSProperties = {
    ...cellPadding,
    ...(allBlockers ? { borderBottom: 'none' } : {}),
  };
  const main = (
    <tr data-testid="component-row" data-component-id={row.componentId}>
      <Td style={{ ...joined, minWidth: 160 }}>
        <Link
          to={componentLink({
            componentId: encodeURIComponent(row.componentId),
          })}
        >
          {row.title ?? row.name}
        </Link>
        {row.hardGateCount > 0 && (
          <Text
            as="div"
            variant="body-small"
            style={{ color: toneText('danger') }}
          >
            {row.hardGateCount} hard gate{row.hardGateCount === 1 ? '' : 's'}
          </Text>
        )}
      </Td>
      <Td style={joined}>{EXTENSION_KIND_INFO[row.kind]?.title ?? row.kind}</Td>
      <Td style={joined}>
        {row.orphan || !row.owner ? (
          <OutlineBadge>orphan</OutlineBadge>
        ) : (
          <EntityRefLink entityRef={row.owner} defaultKind="group" hideIcon />
        )}
      </Td>
      <Td style={joined}>{row.lifecycle ?? '—'}</Td>
      <Td style={{ ...joined, ...nowrap }}>
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
          <Blockers row={row} all={false} titles={titles} />
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
          <Text variant="body-small">
            {row.level === 3 ? '' : `To reach L${row.level + 1}:`}
          </Text>
          <Blockers row={row} all titles={titles} />
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
  /** List every blocker sentence instead of the compact check titles (team view). */
  allBlockers?: boolean;
  /** The check catalogue, to name blocking checks by their titles. */
  checks?: readonly CheckDefinition[];
}) => {
  const { page, state, loading, onChange, allBlockers = false } = props;
  const titles = new Map(
    (props.checks ?? []).map(check => [check.id, check.title]),
  );
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
                      ...cellPadding,
                      textAlign: column.align ?? 'left',
                      color: active ? 'var(--bui-fg-primary)' : undefined,
                    }}
                  >
                    {column.sort ? (
                      <SortButton onSort={() => sortBy(column.sort!)}>
                        {column.label}
                        <span
                          aria-hidden
                          style={{ visibility: active ? 'visible' : 'hidden' }}
                        >
                          {active && state.order === 'desc' ? '↓' : '↑'}
                        </span>
                      </SortButton>
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
                titles={titles}
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
        pageSizes={pageSizeOptions(state.pageSize, PAGE_SIZES)}
        onPageChange={next => onChange({ ...state, page: next })}
        onPageSizeChange={size =>
          onChange({ ...state, pageSize: size, page: 0 })
        }
      />
    </Box>
  );
};
