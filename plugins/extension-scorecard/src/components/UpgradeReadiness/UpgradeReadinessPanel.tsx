import { useEffect, useMemo, useState } from 'react';
import {
  Box,
  Flex,
  Select,
  Text,
  ToggleButton,
  ToggleButtonGroup,
} from '@backstage/ui';
import {
  EmptyState,
  InfoCard,
  Progress,
  ResponseErrorPanel,
} from '@backstage/core-components';
import { UpgradeReadinessReport } from '@extension-scorecard/plugin-extension-scorecard-common';
import { shortRef } from '../../format/refs';
import { useUpgradeReadiness } from '../../hooks/useUpgradeReadiness';
import { ClusterReadiness } from './ClusterReadiness';
import { compareClusters } from './labels';
import { TeamReadinessTable } from './TeamReadinessTable';

/** The "any team" choice of the select (react-aria keys cannot be empty). */
const ANY_TEAM = '__any__';

type View = 'clusters' | 'teams';

/** "3 clusters: 1 blocked, 1 unknown, 1 ready". */
function stateSummary(report: UpgradeReadinessReport): string {
  const total = report.clusters.length;
  const parts = (['blocked', 'unknown', 'ready'] as const)
    .map(
      state =>
        [state, report.clusters.filter(c => c.state === state).length] as const,
    )
    .filter(([, count]) => count > 0)
    .map(([state, count]) => `${count} ${state}`);
  return `${total} cluster${total === 1 ? '' : 's'}: ${parts.join(', ')}`;
}

/** With a team chosen the states are about its findings only. */
function teamSummary(report: UpgradeReadinessReport, team: string): string {
  const total = report.clusters.length;
  const affected = report.clusters.filter(c => c.findings.length > 0).length;
  return `${affected} of ${total} cluster${
    total === 1 ? ' has' : 's have'
  } findings of ${team}'s components (cluster-wide findings are left out)`;
}

const HiddenFindings = ({ count }: { count: number }) =>
  count > 0 ? (
    <Text
      as="p"
      variant="body-small"
      color="secondary"
      data-testid="upgrade-hidden-findings"
      style={{ marginTop: 'var(--bui-space-3)' }}
    >
      {count === 1
        ? '1 more finding of a component you may not see'
        : `${count} more findings of components you may not see`}
    </Text>
  ) : null;

/**
 * "Ready for the next minor": per cluster, its minor → the next one, blocked, unknown
 * or ready with its blocker and warning counts, the evidence it could not read and,
 * expanded, every finding (what, object, API version → replacement, removal release,
 * where it was seen, component, team). Filters to one team on the server
 * (`GET /upgrade-readiness?owner=`); "By team" lists the counts per team.
 */
export const UpgradeReadinessPanel = (props: { reloadKey: number }) => {
  const [owner, setOwner] = useState<string | undefined>();
  const [view, setView] = useState<View>('clusters');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [owners, setOwners] = useState<string[]>([]);
  const result = useUpgradeReadiness(owner, props.reloadKey);
  const report = result.value?.report;

  // The team choices: the teams with findings in the unfiltered report.
  useEffect(() => {
    if (result.value && result.value.owner === undefined) {
      setOwners(
        result.value.report.teams
          .map(team => team.owner)
          .filter((ref): ref is string => ref !== null),
      );
    }
  }, [result.value]);

  const teamOptions = useMemo(
    () =>
      [...new Set([...owners, ...(owner ? [owner] : [])])]
        .map(ref => ({ value: ref, label: shortRef(ref) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [owners, owner],
  );
  const clusters = useMemo(
    () => [...(report?.clusters ?? [])].sort(compareClusters),
    [report],
  );
  const toggle = (cluster: string) =>
    setExpanded(current => {
      const next = new Set(current);
      if (next.has(cluster)) next.delete(cluster);
      else next.add(cluster);
      return next;
    });
  const showTeam = (ref: string) => {
    setOwner(ref);
    setView('clusters');
  };
  const team = owner ? shortRef(owner) : undefined;

  let body;
  if (result.error) {
    body = <ResponseErrorPanel error={result.error} />;
  } else if (!report) {
    body = <Progress />;
  } else if (report.snapshot === null) {
    body = (
      <EmptyState
        missing="data"
        title="No snapshot yet"
        description="The upgrade report is built with each snapshot; it appears after the first collection."
      />
    );
  } else if (report.clusters.length === 0) {
    body = (
      <EmptyState
        missing="data"
        title="The snapshot has no cluster"
        description="Configure clusters for the scorecard to judge their next upgrade."
      />
    );
  } else if (view === 'teams') {
    body = (
      <>
        <TeamReadinessTable teams={report.teams} onShowTeam={showTeam} />
        <HiddenFindings count={report.hiddenFindings} />
      </>
    );
  } else {
    body = (
      <>
        <Text as="p" variant="body-medium" style={{ marginBottom: 8 }}>
          {team ? teamSummary(report, team) : stateSummary(report)}
        </Text>
        {clusters.map(cluster => (
          <ClusterReadiness
            key={cluster.cluster}
            cluster={cluster}
            team={team}
            expanded={expanded.has(cluster.cluster)}
            onToggle={() => toggle(cluster.cluster)}
          />
        ))}
        <HiddenFindings count={report.hiddenFindings} />
      </>
    );
  }

  return (
    <div data-testid="upgrade-readiness-card">
      <InfoCard
        title="Ready for the next minor"
        subheader={`What blocks moving each cluster to the next Kubernetes minor${
          report?.snapshot ? ` (snapshot #${report.snapshot})` : ''
        }`}
      >
        <Box data-testid="upgrade-readiness-panel">
          <Flex
            justify="between"
            align="end"
            gap="4"
            mb="3"
            style={{ flexWrap: 'wrap' }}
          >
            <Box style={{ width: 260 }}>
              <Select
                id="upgrade-team"
                label="Findings of team"
                size="small"
                options={[
                  { value: ANY_TEAM, label: 'Any team' },
                  ...teamOptions,
                ]}
                value={owner ?? ANY_TEAM}
                onChange={next =>
                  setOwner(
                    next === null || next === ANY_TEAM
                      ? undefined
                      : String(next),
                  )
                }
              />
            </Box>
            {/* a little room on the right: the group's outer border stays inside the card */}
            <Box style={{ paddingRight: 2 }}>
              <ToggleButtonGroup
                aria-label="Group the upgrade findings"
                selectionMode="single"
                disallowEmptySelection
                selectedKeys={new Set([view])}
                onSelectionChange={keys => {
                  const [next] = [...keys];
                  if (next) setView(next as View);
                }}
              >
                <ToggleButton id="clusters" size="small">
                  By cluster
                </ToggleButton>
                <ToggleButton id="teams" size="small">
                  By team
                </ToggleButton>
              </ToggleButtonGroup>
            </Box>
          </Flex>
          <Box height="4px">
            {result.loading && report && (
              <progress
                aria-label="Loading the upgrade report"
                style={{
                  display: 'block',
                  width: '100%',
                  height: 4,
                  accentColor: 'var(--bui-accent-bg)',
                }}
              />
            )}
          </Box>
          {body}
        </Box>
      </InfoCard>
    </div>
  );
};
