import { useEffect, useState } from 'react';
import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import Chip from '@material-ui/core/Chip';
import Grid from '@material-ui/core/Grid';
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
import { FilterSelect } from './FilterSelect';
import {
  ComponentFilters as Filters,
  EMPTY_FILTERS,
  activeFilterCount,
} from './tableState';

/** Lifecycles offered even before they occur in the data (Backstage's usual three). */
const COMMON_LIFECYCLES = ['production', 'experimental', 'deprecated'];
const SEARCH_DEBOUNCE_MS = 300;

/** Filter controls of the component table; every change is a new server query. */
export const ComponentFilters = (props: {
  filters: Filters;
  owners: string[];
  clusters: string[];
  checks: CheckDefinition[];
  onChange: (filters: Partial<Filters>) => void;
}) => {
  const { filters, owners, clusters, checks, onChange } = props;
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

  const lifecycles = [...new Set([...COMMON_LIFECYCLES, ...filters.lifecycle])];

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
        <Grid item xs={6} md={2}>
          <FilterSelect
            id="filter-owner"
            label="Team"
            multiple
            value={filters.owner}
            options={owners.map(o => ({ value: o, label: shortRef(o) }))}
            onChange={owner => onChange({ owner })}
          />
        </Grid>
        <Grid item xs={6} md={2}>
          <FilterSelect
            id="filter-kind"
            label="Kind"
            multiple
            value={filters.kind}
            options={EXTENSION_KINDS.map(k => ({
              value: k,
              label: EXTENSION_KIND_INFO[k].title,
            }))}
            onChange={kind => onChange({ kind: kind as ExtensionKind[] })}
          />
        </Grid>
        <Grid item xs={6} md={2}>
          <FilterSelect
            id="filter-cluster"
            label="Cluster"
            multiple
            value={filters.cluster}
            options={clusters.map(c => ({ value: c, label: c }))}
            onChange={cluster => onChange({ cluster })}
          />
        </Grid>
        <Grid item xs={6} md={2}>
          <FilterSelect
            id="filter-level"
            label="Level"
            multiple
            value={filters.level.map(String)}
            options={LEVELS.map(l => ({
              value: String(l),
              label: LEVEL_TITLES[l],
            }))}
            onChange={level =>
              onChange({ level: level.map(Number) as ReadinessLevel[] })
            }
          />
        </Grid>
        <Grid item xs={6} md={3}>
          <FilterSelect
            id="filter-failing-dimension"
            label="Failing dimension"
            multiple
            value={filters.failingDimension}
            options={DIMENSIONS.map(d => ({ value: d, label: d }))}
            onChange={failingDimension =>
              onChange({ failingDimension: failingDimension as Dimension[] })
            }
          />
        </Grid>
        <Grid item xs={6} md={3}>
          <FilterSelect
            id="filter-check"
            label="Check"
            value={filters.checkId ? [filters.checkId] : []}
            options={checks.map(c => ({
              value: c.id,
              label: `${c.id} — ${c.title}`,
            }))}
            onChange={([checkId]) => onChange({ checkId })}
          />
        </Grid>
        <Grid item xs={6} md={2}>
          <FilterSelect
            id="filter-status"
            label="Check status"
            value={filters.status ? [filters.status] : []}
            options={CHECK_STATUSES.map(s => ({ value: s, label: s }))}
            onChange={([status]) => onChange({ status: status as CheckStatus })}
          />
        </Grid>
        <Grid item xs={6} md={2}>
          <FilterSelect
            id="filter-lifecycle"
            label="Lifecycle"
            multiple
            value={filters.lifecycle}
            options={lifecycles.map(l => ({ value: l, label: l }))}
            onChange={lifecycle => onChange({ lifecycle })}
          />
        </Grid>
        <Grid item xs={6} md={2}>
          <FilterSelect
            id="filter-orphan"
            label="Orphans"
            value={filters.orphan === undefined ? [] : [String(filters.orphan)]}
            options={[
              { value: 'true', label: 'only orphans' },
              { value: 'false', label: 'hide orphans' },
            ]}
            onChange={([orphan]) =>
              onChange({
                orphan: orphan === undefined ? undefined : orphan === 'true',
              })
            }
          />
        </Grid>
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
              onChange({
                ...EMPTY_FILTERS,
                checkId: undefined,
                status: undefined,
                orphan: undefined,
                search: undefined,
              });
            }}
          >
            Clear filters
          </Button>
        )}
      </Box>
    </Box>
  );
};
