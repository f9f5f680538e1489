import { useEffect, useState } from 'react';
import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import Chip from '@material-ui/core/Chip';
import Grid, { GridSize } from '@material-ui/core/Grid';
import InputAdornment from '@material-ui/core/InputAdornment';
import TextField from '@material-ui/core/TextField';
import SearchIcon from '@material-ui/icons/Search';
import {
  CHECK_STATUSES,
  CheckDefinition,
  CheckStatus,
  DIMENSIONS,
  Dimension,
  EXTENSION_KINDS,
  EXTENSION_KIND_INFO,
  ExtensionKind,
  LEVELS,
  LEVEL_TITLES,
  ReadinessLevel,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { shortRef } from '../../format/refs';
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
  width: GridSize;
  multiple?: boolean;
  options: FilterOption[];
  value: string[];
  update: (value: string[]) => Partial<Filters>;
}

const same = (values: string[]) => values.map(v => ({ value: v, label: v }));
const single = (value: string | undefined) => (value ? [value] : []);

function selects(
  filters: Filters,
  options: { owners: string[]; clusters: string[]; checks: CheckDefinition[] },
): SelectSpec[] {
  return [
    {
      id: 'filter-owner',
      label: 'Team',
      width: 2,
      multiple: true,
      value: filters.owner,
      options: options.owners.map(o => ({ value: o, label: shortRef(o) })),
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
      options: same([...DIMENSIONS]),
      update: dimensions => ({ failingDimension: dimensions as Dimension[] }),
    },
    {
      id: 'filter-check',
      label: 'Check',
      width: 3,
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
    <Box mb={2}>
      <Grid container spacing={2}>
        <Grid item xs={12} md={4}>
          <TextField
            id="scorecard-search"
            label="Search"
            placeholder="name, id or owner"
            variant="outlined"
            size="small"
            fullWidth
            value={search}
            onChange={e => setSearch(e.target.value)}
            InputProps={{
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            }}
            inputProps={{ 'aria-label': 'Search components' }}
          />
        </Grid>
        {selects(filters, props).map(spec => (
          <Grid item xs={6} md={spec.width} key={spec.id}>
            <FilterSelect
              id={spec.id}
              label={spec.label}
              multiple={spec.multiple}
              value={spec.value}
              options={spec.options}
              onChange={value => onChange(spec.update(value))}
            />
          </Grid>
        ))}
      </Grid>
      <Box
        mt={1}
        display="flex"
        alignItems="center"
        flexWrap="wrap"
        gridGap={8}
      >
        {filters.warningDimension.map(dimension => (
          <Chip
            key={dimension}
            size="small"
            color="primary"
            label={`${dimension}: warn or fail`}
            onDelete={() =>
              onChange({
                warningDimension: filters.warningDimension.filter(
                  d => d !== dimension,
                ),
              })
            }
          />
        ))}
        {activeFilterCount(filters) > 0 && (
          <Button
            size="small"
            onClick={() => {
              setSearch('');
              onChange(EMPTY_FILTERS);
            }}
          >
            Clear filters
          </Button>
        )}
      </Box>
    </Box>
  );
};
