import { CSSProperties } from 'react';
import { Alert, Badge, Box, Flex, Text } from '@backstage/ui';
import { InfoCard } from '@backstage/core-components';
import { BlastRadius } from '@extension-scorecard/plugin-extension-scorecard-common';
import { OutlineBadge } from '../shared';

const entryStyle: CSSProperties = {
  border: '1px solid var(--bui-border-1)',
  borderRadius: 'var(--bui-radius-3)',
  padding: 'var(--bui-space-3)',
  marginBottom: 'var(--bui-space-3)',
};
const factsStyle: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  columnGap: 'var(--bui-space-4)',
  rowGap: 'var(--bui-space-1)',
  margin: 'var(--bui-space-2) 0 0',
  fontSize: 'var(--bui-font-size-3)',
};
const termStyle: CSSProperties = { color: 'var(--bui-fg-secondary)' };
const valueStyle: CSSProperties = { margin: 0 };
/** kube-system stands out: intercepting it can take the control plane down. */
const kubeSystemStyle: CSSProperties = {
  background: 'var(--bui-warning-bg-subdued)',
  color: 'var(--bui-warning-fg-subdued)',
  border: '1px solid var(--bui-warning-border)',
};

const NAMESPACES_SHOWN = 12;

const Namespaces = ({ entry }: { entry: BlastRadius }) => {
  if (entry.namespacesUnreadable) {
    return <Text color="danger">unknown: {entry.namespacesUnreadable}</Text>;
  }
  const shown = entry.matchedNamespaces.slice(0, NAMESPACES_SHOWN);
  return (
    <div>
      <Text as="p">
        {entry.matchedNamespaces.length} of {entry.totalNamespaces}
        {entry.namespaceSelector
          ? ` (namespaceSelector ${entry.namespaceSelector})`
          : ''}
        {entry.objectSelector ? `, objectSelector ${entry.objectSelector}` : ''}
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

/**
 * What a synchronous-path extension intercepts: operations, resources and namespaces,
 * with the failurePolicy and timeout that decide what a matched request suffers.
 */
export const BlastRadiusPanel = (props: { entries: BlastRadius[] }) => (
  <InfoCard
    title="Blast radius"
    subheader="What this extension intercepts on the synchronous API path"
  >
    {props.entries.length === 0 && (
      <Text as="p">
        No webhook or policy configuration was found for this component.
      </Text>
    )}
    {props.entries.map(entry => (
      <section
        key={`${entry.cluster}|${entry.objectKind}|${entry.name}`}
        style={entryStyle}
        aria-label={`${entry.name} in ${entry.cluster}`}
      >
        <Flex align="center" gap="2" style={{ flexWrap: 'wrap' }}>
          <Text as="h3" weight="bold">
            {entry.name}
          </Text>
          <OutlineBadge>{entry.objectKind}</OutlineBadge>
          <OutlineBadge>{entry.cluster}</OutlineBadge>
        </Flex>
        {entry.failurePolicy === 'Fail' && (
          <Box mt="2">
            <Alert
              status="warning"
              icon
              title="Fails closed: while its backend is down, every matched request is rejected."
            />
          </Box>
        )}
        <dl style={factsStyle}>
          <dt style={termStyle}>failurePolicy</dt>
          <dd style={valueStyle}>{entry.failurePolicy}</dd>
          <dt style={termStyle}>timeout</dt>
          <dd style={valueStyle}>
            {entry.timeoutSeconds === null
              ? 'default'
              : `${entry.timeoutSeconds} s`}
            {entry.worstCaseLatencySeconds !== null &&
              ` (adds up to ${entry.worstCaseLatencySeconds} s to a matched request)`}
          </dd>
          <dt style={termStyle}>operations</dt>
          <dd style={valueStyle}>{entry.operations.join(', ') || '—'}</dd>
          <dt style={termStyle}>resources</dt>
          <dd style={valueStyle}>{entry.resources.join(', ') || '—'}</dd>
          <dt style={termStyle}>namespaces</dt>
          <dd style={valueStyle}>
            <Namespaces entry={entry} />
          </dd>
          <dt style={termStyle}>cluster-scoped objects</dt>
          <dd style={valueStyle}>
            {entry.clusterScoped ? 'matched too' : 'not matched'}
          </dd>
        </dl>
      </section>
    ))}
  </InfoCard>
);
