import { useEffect, useState } from 'react';
import { Box, Button, Flex, Grid, TextField } from '@backstage/ui';
import {
  CHECK_STATUSES,
  CheckDefinition,
  CheckStatus,
  DIMENSIONS,
  DIMENSION_TITLES,
  Dimension,
  EXTENSION_KINDS,
  EXTENSION_KIND_INFO,
  ExtensionKind,
  LEVELS,
  LEVEL_TITLES,
  ReadinessLevel,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { shortRef } from '../../format/refs';
import { CloseIcon, SearchIcon } from '../shared';
import { FilterOption, FilterSelect } from './FilterSelect';
import {
  ComponentFilters as Filters,
  EMPTY_FILTERS,
  activeFilterCount,
} from './tableState';

/** Lifecycles offered even before they occur in the data (Backstage's usual three). */
const COMMON_LIFECYCLES = ['production', 'experimental', 'deprecated'];
const SEARCH_DEBOUNCE_MS = 300;

/** One select of the filter bar: how it reads and writes its part of the filters. */
interface SelectSpec {
  id: string;
  label: string;
  /** Columns out of 12 on wide screens. */
  width: 2 | 3;
  multiple?: boolean;
  /** A type-ahead field above the options (long lists). */
  searchable?: boolean;
  /** The "no filter" option's wording. */
  anyLabel?: string;
  options: FilterOption[];
  value: string[];
  update: (value: string[]) => Partial<Filters>;
}

const same = (values: string[]) => values.map(v => ({ value: v, label: v }));
const single = (value: string | undefined) => (value ? [value] : []);
const dimensionOptions = DIMENSIONS.map(d => ({
  value: d,
  label: DIMENSION_TITLES[d] ?? d,
}));

function selects(
  filters: Filters,
  options: {
    owners: string[];
    ownerTitles?: ReadonlyMap<string, string>;
    clusters: string[];
    checks: CheckDefinition[];
  },
): SelectSpec[] {
  const ownerTitle = (ref: string) =>
    options.ownerTitles?.get(ref) ?? shortRef(ref);
  return [
    {
      id: 'filter-owner',
      label: 'Team',
      width: 2,
      multiple: true,
      searchable: options.owners.length > 10,
      anyLabel: 'Any team',
      value: filters.owner,
      options: options.owners
        .map(o => ({ value: o, label: ownerTitle(o) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
      update: owner => ({ owner }),
    },
    {
      id: 'filter-kind',
      label: 'Kind',
      width: 2,
      multiple: true,
      value: filters.kind,
      options: EXTENSION_KINDS.map(k => ({
        value: k,
        label: EXTENSION_KIND_INFO[k].title,
      })),
      update: kind => ({ kind: kind as ExtensionKind[] }),
    },
    {
      id: 'filter-cluster',
      label: 'Cluster',
      width: 2,
      multiple: true,
      value: filters.cluster,
      options: same(options.clusters),
      update: cluster => ({ cluster }),
    },
    {
      id: 'filter-level',
      label: 'Level',
      width: 2,
      multiple: true,
      value: filters.level.map(String),
      options: LEVELS.map(l => ({ value: String(l), label: LEVEL_TITLES[l] })),
      update: level => ({ level: level.map(Number) as ReadinessLevel[] }),
    },
    {
      id: 'filter-failing-dimension',
      label: 'Failing dimension',
      width: 3,
      multiple: true,
      value: filters.failingDimension,
      options: dimensionOptions,
      update: dimensions => ({ failingDimension: dimensions as Dimension[] }),
    },
    {
      id: 'filter-check',
      label: 'Check',
      width: 3,
      searchable: true,
      anyLabel: 'Any check',
      value: single(filters.checkId),
      options: options.checks.map(c => ({
        value: c.id,
        label: `${c.id} — ${c.title}`,
      })),
      update: ([checkId]) => ({ checkId }),
    },
    {
      id: 'filter-status',
      label: 'Check status',
      width: 2,
      value: single(filters.status),
      options: same([...CHECK_STATUSES]),
      update: ([status]) => ({ status: status as CheckStatus | undefined }),
    },
    {
      id: 'filter-lifecycle',
      label: 'Lifecycle',
      width: 2,
      multiple: true,
      value: filters.lifecycle,
      options: same([...new Set([...COMMON_LIFECYCLES, ...filters.lifecycle])]),
      update: lifecycle => ({ lifecycle }),
    },
    {
      id: 'filter-orphan',
      label: 'Orphans',
      width: 2,
      value: filters.orphan === undefined ? [] : [String(filters.orphan)],
      options: [
        { value: 'true', label: 'only orphans' },
        { value: 'false', label: 'hide orphans' },
      ],
      update: ([orphan]) => ({
        orphan: orphan === undefined ? undefined : orphan === 'true',
      }),
    },
  ];
}

/** Filter controls of the component table; every change is a new server query. */
export const ComponentFilters = (props: {
  filters: Filters;
  owners: string[];
  /** Display names of the owner refs (the refs' names meanwhile). */
  ownerTitles?: ReadonlyMap<string, string>;
  clusters: string[];
  checks: CheckDefinition[];
  onChange: (filters: Partial<Filters>) => void;
}) => {
  const { filters, onChange } = props;
  const [search, setSearch] = useState(filters.search ?? '');

  useEffect(() => setSearch(filters.search ?? ''), [filters.search]);
  useEffect(() => {
    const wanted = search.trim() || undefined;
    if (wanted === filters.search) return undefined;
    const timer = setTimeout(
      () => onChange({ search: wanted }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [search, filters.search, onChange]);

  return (
    <Box mb="4">
      <Grid.Root columns={{ initial: '2', md: '12' }} gap="4">
        <Grid.Item colSpan={{ initial: '2', md: '4' }}>
          <TextField
            id="scorecard-search"
            label="Search"
            aria-label="Search components"
            placeholder="name, id or owner"
            size="small"
            icon={<SearchIcon fontSize="small" />}
            value={search}
            onChange={setSearch}
          />
        </Grid.Item>
        {selects(filters, props).map(spec => (
          <Grid.Item
            colSpan={{ initial: '1', md: String(spec.width) as '2' | '3' }}
            key={spec.id}
          >
            <FilterSelect
              id={spec.id}
              label={spec.label}
              multiple={spec.multiple}
              searchable={spec.searchable}
              anyLabel={spec.anyLabel}
              value={spec.value}
              options={spec.options}
              onChange={value => onChange(spec.update(value))}
            />
          </Grid.Item>
        ))}
      </Grid.Root>
      <Flex mt="2" align="center" gap="2" style={{ flexWrap: 'wrap' }}>
        {filters.warningDimension.map(dimension => (
          <Button
            key={dimension}
            size="small"
            variant="secondary"
            iconEnd={<CloseIcon fontSize="small" />}
            aria-label={`${
              DIMENSION_TITLES[dimension] ?? dimension
            }: warn or fail (remove this filter)`}
            onPress={() =>
              onChange({
                warningDimension: filters.warningDimension.filter(
                  d => d !== dimension,
                ),
              })
            }
          >
            {`${DIMENSION_TITLES[dimension] ?? dimension}: warn or fail`}
          </Button>
        ))}
        {activeFilterCount(filters) > 0 && (
          <Button
            size="small"
            variant="tertiary"
            onPress={() => {
              setSearch('');
              onChange(EMPTY_FILTERS);
            }}
          >
            Clear filters
          </Button>
        )}
      </Flex>
    </Box>
  );
};
