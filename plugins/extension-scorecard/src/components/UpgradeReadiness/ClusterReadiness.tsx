import { CSSProperties, useId } from 'react';
import { Box, Text } from '@backstage/ui';
import {
  ClusterUpgradeReadiness,
  UpgradeSourceStatus,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { ChevronRightIcon, ListItem } from '../shared';
import { StateBadge } from './badges';
import { FindingsTable } from './FindingsTable';
import { SOURCE_NAMES, countsText, sourceHint, versionsText } from './labels';
import { TruncatedText } from './TruncatedText';

const cardStyle: CSSProperties = {
  border: '1px solid var(--bui-border-1)',
  borderRadius: 'var(--bui-radius-3)',
  marginBottom: 'var(--bui-space-3)',
  minWidth: 0,
};
// Reset by property, not `all: unset`, so the browser's focus ring stays.
const headerButtonStyle: CSSProperties = {
  background: 'none',
  border: 'none',
  font: 'inherit',
  color: 'inherit',
  textAlign: 'left',
  boxSizing: 'border-box',
  cursor: 'pointer',
  display: 'flex',
  alignItems: 'center',
  gap: 'var(--bui-space-3)',
  width: '100%',
  padding: 'var(--bui-space-3)',
  borderRadius: 'var(--bui-radius-3)',
  flexWrap: 'wrap',
};
const headerStaticStyle: CSSProperties = {
  ...headerButtonStyle,
  cursor: 'default',
};

/** "API server metric not read: forbidden: … — grant …". */
const UnreadSource = ({ status }: { status: UpgradeSourceStatus }) => {
  const hint = sourceHint(status);
  const text = `${SOURCE_NAMES[status.source] ?? status.source} not read${
    status.reason ? `: ${status.reason}` : ''
  }${hint ? ` — ${hint}` : ''}`;
  return (
    <ListItem variant="body-small">
      <TruncatedText text={text} max={200} />
    </ListItem>
  );
};

/** The line beside the badge: counts, or the short positive line when nothing was found. */
function summaryLine(
  cluster: ClusterUpgradeReadiness,
  team: string | undefined,
): string {
  const counts = countsText(cluster);
  if (counts) return counts;
  if (cluster.state === 'unknown') return 'could not be judged';
  if (team) return `nothing of ${team} blocks the upgrade here`;
  return cluster.targetVersion
    ? `nothing found that blocks ${cluster.targetVersion}`
    : 'nothing found that blocks the next minor';
}

/**
 * One cluster: "prod-eu 1.31 → 1.32: 3 blockers, 2 warnings" with its state, why it
 * is unknown or stale, the evidence sources it could not read, and, expanded, its
 * findings. The header is a real button (`aria-expanded`, `aria-controls`).
 */
export const ClusterReadiness = (props: {
  cluster: ClusterUpgradeReadiness;
  expanded: boolean;
  onToggle: () => void;
  /** Short name of the team the report is filtered to. */
  team?: string;
}) => {
  const { cluster, expanded, onToggle, team } = props;
  const panelId = useId();
  const expandable = cluster.findings.length > 0;
  const unread = cluster.sources.filter(s => s.state === 'unavailable');
  const state =
    team && cluster.findings.length === 0 && cluster.state === 'ready'
      ? 'filtered'
      : cluster.state;

  const header = (
    <>
      {expandable ? (
        <ChevronRightIcon
          fontSize="small"
          style={{
            transform: expanded ? 'rotate(90deg)' : undefined,
            transition: 'transform 120ms',
          }}
        />
      ) : (
        // keeps the badges of clusters without findings in line
        <span aria-hidden style={{ width: '1.25rem', flexShrink: 0 }} />
      )}
      <StateBadge state={state} />
      <Text variant="body-medium">
        <strong>{cluster.cluster}</strong> {versionsText(cluster)}
        {': '}
        <Text
          variant="body-medium"
          color={cluster.blockers > 0 ? 'danger' : undefined}
          weight={cluster.blockers > 0 ? 'bold' : undefined}
          data-testid="upgrade-counts"
        >
          {summaryLine(cluster, team)}
        </Text>
      </Text>
    </>
  );

  return (
    <Box style={cardStyle} data-testid={`upgrade-cluster-${cluster.cluster}`}>
      {expandable ? (
        <button
          type="button"
          style={headerButtonStyle}
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={onToggle}
        >
          {header}
        </button>
      ) : (
        <div style={headerStaticStyle}>{header}</div>
      )}
      {(cluster.reason || unread.length > 0) && (
        <Box px="3" pb="3">
          {cluster.reason && (
            <Box mb="1">
              <TruncatedText
                text={cluster.reason}
                max={200}
                color="secondary"
              />
            </Box>
          )}
          {unread.length > 0 && (
            <ul
              aria-label={`Evidence not read in ${cluster.cluster}`}
              style={{ margin: 0, paddingLeft: 18 }}
            >
              {unread.map(status => (
                <UnreadSource key={status.source} status={status} />
              ))}
            </ul>
          )}
        </Box>
      )}
      {expandable && (
        <div id={panelId} hidden={!expanded}>
          {expanded && (
            <Box px="3" pb="3">
              <FindingsTable
                cluster={cluster.cluster}
                findings={cluster.findings}
                targetVersion={cluster.targetVersion}
              />
            </Box>
          )}
        </div>
      )}
    </Box>
  );
};
