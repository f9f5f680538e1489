import { CSSProperties, Fragment, useState } from 'react';
import { Box, Button, Flex, Text } from '@backstage/ui';
import { Link } from '@backstage/core-components';
import { useRouteRef } from '@backstage/core-plugin-api';
import { EntityRefLink } from '@backstage/plugin-catalog-react';
import { UpgradeFinding } from '@extension-scorecard/plugin-extension-scorecard-common';
import { componentRouteRef } from '../../routes';
import { HoverTip, SimpleTable, Td, Th } from '../shared';
import { SeverityBadge } from './badges';
import { CATEGORY_LABELS, sourceLabel } from './labels';
import { TruncatedText } from './TruncatedText';

/** Rows shown before "Show all": a cluster can have hundreds of findings. */
export const FINDINGS_SHOWN = 20;
const MESSAGE_CHARS = 90;

const COLUMNS = [
  'Severity',
  'What',
  'Object',
  'API version → replacement',
  'Removed in',
  'Source',
  'Component · team',
];

// Narrower gutters than the shared table's, so the seven columns fit a 1280 px window.
const cell: CSSProperties = { padding: 'var(--bui-space-2)' };
const nowrap: CSSProperties = { ...cell, whiteSpace: 'nowrap' };
const code: CSSProperties = {
  fontFamily: 'var(--bui-font-monospace, monospace)',
  fontSize: 'var(--bui-font-size-2)',
};

/**
 * The text with break opportunities after "/" and after a "." before a letter (not
 * in "1.32"), so long API groups, object names and sources wrap where a reader
 * expects instead of widening the table.
 */
const Breakable = ({ text }: { text: string }) => (
  <>
    {text.split(/(?<=\/)|(?<=\.)(?=[A-Za-z])/).map((part, index) => (
      <Fragment key={index}>
        {index > 0 && <wbr />}
        {part}
      </Fragment>
    ))}
  </>
);

const Source = ({
  finding,
  targetVersion,
}: {
  finding: UpgradeFinding;
  targetVersion: string | null;
}) => {
  const { label, detail } = sourceLabel(finding, targetVersion);
  const text = (
    <Text variant="body-small">
      <Breakable text={label} />
    </Text>
  );
  if (!detail) return text;
  return (
    <HoverTip
      title={<span style={{ wordBreak: 'break-all' }}>{detail}</span>}
      label={`${label} (${detail})`}
    >
      <span style={{ borderBottom: '1px dotted var(--bui-fg-secondary)' }}>
        {text}
      </span>
    </HoverTip>
  );
};

const FindingRow = ({
  finding,
  targetVersion,
}: {
  finding: UpgradeFinding;
  targetVersion: string | null;
}) => {
  const componentLink = useRouteRef(componentRouteRef);
  return (
    <tr data-testid="upgrade-finding-row">
      <Td style={nowrap}>
        <SeverityBadge severity={finding.severity} />
      </Td>
      <Td style={{ ...cell, minWidth: 160 }}>
        <Text as="div" variant="body-small" weight="bold">
          {CATEGORY_LABELS[finding.category] ?? finding.category}
        </Text>
        <TruncatedText
          text={finding.message}
          max={MESSAGE_CHARS}
          color="secondary"
        />
      </Td>
      <Td style={{ ...cell, minWidth: 110 }}>
        <Text variant="body-small">
          {finding.object ? <Breakable text={finding.object} /> : '—'}
        </Text>
      </Td>
      <Td style={{ ...cell, minWidth: 110 }}>
        {finding.apiVersion ? (
          <span style={code}>
            <Breakable text={finding.apiVersion} />
            {finding.replacement && (
              <>
                {' → '}
                <Breakable text={finding.replacement} />
              </>
            )}
          </span>
        ) : (
          <Text variant="body-small" color="secondary">
            —
          </Text>
        )}
      </Td>
      <Td style={nowrap}>
        <Text variant="body-small">{finding.removedIn ?? '—'}</Text>
      </Td>
      <Td style={{ ...cell, minWidth: 100 }}>
        <Source finding={finding} targetVersion={targetVersion} />
      </Td>
      <Td style={{ ...cell, minWidth: 90 }}>
        <Text as="div" variant="body-small">
          {finding.componentId ? (
            <Link
              to={componentLink({
                componentId: encodeURIComponent(finding.componentId),
              })}
            >
              {finding.componentName ?? finding.componentId}
            </Link>
          ) : (
            <Text variant="body-small" color="secondary">
              cluster-wide
            </Text>
          )}
        </Text>
        <Text as="div" variant="body-small" color="secondary">
          {finding.owner ? (
            <EntityRefLink
              entityRef={finding.owner}
              defaultKind="group"
              hideIcon
            />
          ) : (
            finding.componentId && 'no owner'
          )}
        </Text>
      </Td>
    </tr>
  );
};

/**
 * A cluster's findings, worst first as the backend sorts them: severity, what in
 * words, the object, API version → replacement, removal release, where it was seen,
 * the component (linked to its scorecard) and its team. It scrolls sideways inside
 * itself, never the page, when the window is narrow.
 */
export const FindingsTable = (props: {
  cluster: string;
  findings: UpgradeFinding[];
  targetVersion: string | null;
}) => {
  const { cluster, findings, targetVersion } = props;
  const [all, setAll] = useState(false);
  const shown = all ? findings : findings.slice(0, FINDINGS_SHOWN);
  return (
    <Box>
      <Box style={{ overflowX: 'auto' }}>
        <SimpleTable
          aria-label={`Upgrade findings in ${cluster}`}
          style={{ minWidth: 760 }}
        >
          <thead>
            <tr>
              {COLUMNS.map(column => (
                <Th
                  key={column}
                  scope="col"
                  style={{ ...cell, whiteSpace: 'normal' }}
                >
                  {column}
                </Th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((finding, index) => (
              <FindingRow
                key={index}
                finding={finding}
                targetVersion={targetVersion}
              />
            ))}
          </tbody>
        </SimpleTable>
      </Box>
      {findings.length > FINDINGS_SHOWN && (
        <Flex justify="end" mt="2">
          <Button size="small" variant="tertiary" onPress={() => setAll(!all)}>
            {all
              ? `Show the first ${FINDINGS_SHOWN}`
              : `Show all ${findings.length} findings`}
          </Button>
        </Flex>
      )}
    </Box>
  );
};
