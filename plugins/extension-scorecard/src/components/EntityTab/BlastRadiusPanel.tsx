import { CSSProperties, ReactNode } from 'react';
import { Badge, Box, Flex, Text } from '@backstage/ui';
import { InfoCard } from '@backstage/core-components';
import { BlastRadius } from '@extension-scorecard/plugin-extension-scorecard-common';
import { OutlineBadge, SimpleTable, SimpleTableHead, Td } from '../shared';
import {
  BlastFamily,
  BlastRow,
  blastRows,
  describeFailure,
  describeTimeout,
  perCluster,
} from './blastRadiusRows';

/** kube-system stands out: intercepting it can take the control plane down. */
const kubeSystemStyle: CSSProperties = {
  background: 'var(--bui-warning-bg-subdued)',
  color: 'var(--bui-warning-fg-subdued)',
  border: '1px solid var(--bui-warning-border)',
};
/** Names and ids never break mid-word. */
const nowrap: CSSProperties = { whiteSpace: 'nowrap' };

const NAMESPACES_SHOWN = 12;

const Namespaces = ({ entry }: { entry: BlastRadius }) => {
  if (entry.namespacesUnreadable) {
    return <Text color="danger">unknown: {entry.namespacesUnreadable}</Text>;
  }
  const shown = entry.matchedNamespaces.slice(0, NAMESPACES_SHOWN);
  const selectors = [
    entry.namespaceSelector && entry.namespaceSelector !== '{}'
      ? `namespaceSelector ${entry.namespaceSelector}`
      : '',
    entry.objectSelector && entry.objectSelector !== '{}'
      ? `objectSelector ${entry.objectSelector}`
      : '',
  ].filter(Boolean);
  return (
    <div>
      <Text as="p" variant="body-small">
        {entry.matchedNamespaces.length} of {entry.totalNamespaces}
        {selectors.length ? ` (${selectors.join(', ')})` : ''}
        {entry.clusterScoped ? '; cluster-scoped objects too' : ''}
      </Text>
      <Flex gap="1" align="center" style={{ flexWrap: 'wrap' }}>
        {shown.map(ns => (
          <Badge
            key={ns}
            size="small"
            style={ns === 'kube-system' ? kubeSystemStyle : undefined}
          >
            {ns}
          </Badge>
        ))}
        {entry.matchedNamespaces.length > shown.length && (
          <Text variant="body-small">
            +{entry.matchedNamespaces.length - shown.length} more
          </Text>
        )}
      </Flex>
    </div>
  );
};

/** A value per cluster only where clusters differ. */
const PerCluster = (props: {
  row: BlastRow;
  value: (entry: BlastRadius) => string;
}) => (
  <>
    {perCluster(props.row, props.value).map(({ cluster, text }) => (
      <Text as="p" variant="body-small" key={cluster ?? 'all'}>
        {cluster && <strong style={nowrap}>{cluster}: </strong>}
        {text}
      </Text>
    ))}
  </>
);

/** Namespaces differ per cluster (their labels do): one block per cluster. */
const NamespacesPerCluster = ({ row }: { row: BlastRow }) => (
  <>
    {row.entries.map(entry => (
      <Box key={entry.cluster} mb="1">
        {row.entries.length > 1 && (
          <Text variant="body-small" weight="bold" style={nowrap}>
            {entry.cluster}
          </Text>
        )}
        <Namespaces entry={entry} />
      </Box>
    ))}
  </>
);

const Name = ({ row }: { row: BlastRow }) => (
  <>
    <Text as="div" weight="bold" style={nowrap}>
      {row.name}
    </Text>
    <Text as="div" variant="body-small" color="secondary">
      {row.objectKind}
    </Text>
  </>
);

const Clusters = ({ row }: { row: BlastRow }) => (
  <Flex gap="1" style={{ flexWrap: 'wrap' }}>
    {row.clusters.map(cluster => (
      <OutlineBadge key={cluster}>{cluster}</OutlineBadge>
    ))}
  </Flex>
);

const SECTIONS: Record<
  BlastFamily,
  { title: string; intro: string; columns: string[] }
> = {
  admission: {
    title: 'Admission webhooks and policies',
    intro:
      'Called by the API server for every matched write before it is stored.',
    columns: [
      'Webhook',
      'Clusters',
      'While down',
      'Timeout',
      'Matches',
      'Namespaces',
    ],
  },
  apiservice: {
    title: 'Aggregated APIs',
    intro:
      'The API server proxies every request for the group/version to this backend, in every namespace; while it is unavailable, discovery of the group fails too.',
    columns: ['APIService', 'Clusters', 'Serves', 'While unavailable'],
  },
  conversion: {
    title: 'CRD conversion webhooks',
    intro:
      'Called for every read and write of the resource in a version other than the one an object is stored in (lists and watches too).',
    columns: ['CustomResourceDefinition', 'Clusters', 'Converts', 'While down'],
  },
  scheduler: {
    title: 'Secondary schedulers',
    intro:
      'Schedules only the Pods that name it in spec.schedulerName, in any namespace.',
    columns: ['Scheduler', 'Clusters', 'Pods naming it', 'While down'],
  },
};

function rowCells(row: BlastRow): ReactNode[] {
  const first = row.entries[0];
  switch (row.family) {
    case 'apiservice':
      return [
        <PerCluster
          row={row}
          value={e => e.groupVersion ?? e.resources.join(', ')}
        />,
        <PerCluster row={row} value={describeFailure} />,
      ];
    case 'conversion':
      return [
        <PerCluster
          row={row}
          value={e =>
            e.conversion
              ? `${
                  e.conversion.resource
                }: served ${e.conversion.servedVersions.join(
                  ', ',
                )}, stored as ${e.conversion.storageVersion ?? 'unknown'}${
                  e.clusterScoped ? ' (cluster-scoped)' : ' (every namespace)'
                }`
              : e.resources.join(', ')
          }
        />,
        <PerCluster row={row} value={describeFailure} />,
      ];
    case 'scheduler':
      return [
        <>
          {row.entries.map(entry => (
            <Text as="p" variant="body-small" key={entry.cluster}>
              {row.entries.length > 1 && (
                <strong style={nowrap}>{entry.cluster}: </strong>
              )}
              {entry.namespacesUnreadable
                ? `unknown: ${entry.namespacesUnreadable}`
                : `${(entry.pendingPods ?? []).length} Pending now${
                    entry.pendingPods?.length
                      ? ` (${entry.pendingPods.join(', ')})`
                      : ''
                  }; running Pods are not collected`}
            </Text>
          ))}
        </>,
        <Text variant="body-small">{describeFailure(first)}</Text>,
      ];
    default:
      return [
        <PerCluster row={row} value={describeFailure} />,
        <PerCluster row={row} value={describeTimeout} />,
        <PerCluster
          row={row}
          value={e =>
            `${e.operations.join(', ') || '—'} on ${
              e.resources.join(', ') || '—'
            }`
          }
        />,
        <NamespacesPerCluster row={row} />,
      ];
  }
}

const scrollStyle = { overflowX: 'auto' } as const;

const Section = (props: { family: BlastFamily; rows: BlastRow[] }) => {
  const section = SECTIONS[props.family];
  return (
    <Box mb="4">
      <Text as="h3" variant="title-x-small">
        {section.title}
      </Text>
      <Text as="p" variant="body-small" color="secondary">
        {section.intro}
      </Text>
      {/* a narrow window scrolls the table inside the card, never cuts it off; the
          region takes focus so the keyboard can scroll it too */}
      <div
        role="region"
        aria-label={`${section.title}, scrolls sideways when narrow`}
        // a scrollable region must be reachable by keyboard (axe
        // scrollable-region-focusable); it is a landmark, not a widget
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        style={scrollStyle}
      >
        <SimpleTable aria-label={section.title}>
          <SimpleTableHead columns={section.columns} />
          <tbody>
            {props.rows.map(row => (
              <tr key={row.key} aria-label={row.name}>
                <Td>
                  <Name row={row} />
                </Td>
                <Td>
                  <Clusters row={row} />
                </Td>
                {rowCells(row).map((cell, index) => (
                  <Td key={index}>{cell}</Td>
                ))}
              </tr>
            ))}
          </tbody>
        </SimpleTable>
      </div>
    </Box>
  );
};

const ORDER: BlastFamily[] = [
  'admission',
  'apiservice',
  'conversion',
  'scheduler',
];

/**
 * What a synchronous-path extension intercepts, one row per webhook, policy binding,
 * APIService, converted CRD or scheduler with its clusters: what a matched request
 * suffers while the backend is down, and how long it can wait.
 */
export const BlastRadiusPanel = (props: { entries: BlastRadius[] }) => {
  const rows = blastRows(props.entries);
  return (
    <InfoCard
      title="Blast radius"
      subheader="What this extension intercepts on the synchronous API path"
    >
      {rows.length === 0 && (
        <Text as="p">
          No webhook, policy, APIService, conversion webhook or scheduler was
          found for this component.
        </Text>
      )}
      {ORDER.map(family => {
        const inFamily = rows.filter(row => row.family === family);
        return inFamily.length ? (
          <Section key={family} family={family} rows={inFamily} />
        ) : null;
      })}
    </InfoCard>
  );
};
