import { Alert, Box, Text } from '@backstage/ui';
import {
  ClusterStatus,
  Snapshot,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { formatDateTime, formatRelative } from '../../format/time';
import { useHiddenComponents } from '../../hooks/useHiddenComponents';

/** When the newest snapshot was taken, and which clusters are stale or partly unreadable. */
export const SnapshotStatus = (props: {
  snapshot: Snapshot;
  clusters: ClusterStatus[] | undefined;
}) => {
  const { snapshot, clusters } = props;
  const stale = (clusters ?? []).filter(c => c.stale);
  const staleNames = new Set([
    ...snapshot.staleClusters,
    ...stale.map(c => c.name),
  ]);
  const unreadable = (clusters ?? []).filter(
    c => !c.stale && c.unreadable.length > 0,
  );
  const blocked = (clusters ?? []).filter(c => c.blockedReason);
  const hidden = useHiddenComponents(snapshot.id).value ?? 0;
  return (
    <Box>
      <Text as="p">
        Last snapshot <strong>#{snapshot.id}</strong> taken{' '}
        <time
          dateTime={snapshot.takenAt}
          title={formatDateTime(snapshot.takenAt)}
        >
          {formatRelative(snapshot.takenAt)}
        </time>{' '}
        ({formatDateTime(snapshot.takenAt)}) · {snapshot.componentCount}{' '}
        components in the snapshot · {snapshot.clusters.length} clusters
      </Text>
      {hidden > 0 && (
        <Text
          as="p"
          variant="body-small"
          color="secondary"
          data-testid="hidden-by-visibility"
        >
          {hidden} more you may not see: the snapshot's counts and levels
          include {hidden === 1 ? 'a component' : 'components'} hidden from you
          by catalog or orphan permissions, which the lists and the heat map
          leave out.
        </Text>
      )}
      {staleNames.size > 0 && (
        <Box mt="2">
          <Alert
            status="warning"
            icon
            role="alert"
            aria-label="Stale clusters"
            title={
              <>
                Stale cluster{staleNames.size === 1 ? '' : 's'}:{' '}
                {[...staleNames].map(name => {
                  const status = clusters?.find(c => c.name === name);
                  return (
                    <span key={name}>
                      <strong>{name}</strong>
                      {status?.lastSuccessAt
                        ? ` (last good data ${formatRelative(
                            status.lastSuccessAt,
                          )}`
                        : ' (never collected'}
                      {status?.error ? `; ${status.error})` : ')'}{' '}
                    </span>
                  );
                })}
                — results from these clusters are older than the snapshot.
              </>
            }
          />
        </Box>
      )}
      {blocked.length > 0 && (
        <Box mt="2">
          <Alert
            status="warning"
            icon
            aria-label="Clusters not collected"
            title={`${blocked.length} cluster${
              blocked.length === 1 ? ' is' : 's are'
            } not collected`}
            description={
              <ul>
                {blocked.map(c => (
                  <li key={c.name}>
                    <strong>{c.name}</strong>
                    {c.authProvider ? ` (${c.authProvider}` : ' ('}
                    {c.locator ? `, from ${c.locator})` : ')'}:{' '}
                    {c.blockedReason}
                  </li>
                ))}
              </ul>
            }
          />
        </Box>
      )}
      {unreadable.length > 0 && (
        <Box mt="2">
          <Alert
            status="info"
            icon
            title={
              <>
                Some resources could not be read, so checks that need them say
                unknown:{' '}
                {unreadable
                  .map(
                    c =>
                      `${c.name}: ${c.unreadable
                        .map(r => `${r.resource} (${r.state})`)
                        .join(', ')}`,
                  )
                  .join('; ')}
              </>
            }
          />
        </Box>
      )}
    </Box>
  );
};
