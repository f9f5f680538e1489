import { Text } from '@backstage/ui';
import { InfoCard } from '@backstage/core-components';
import { RbacFinding } from '@extension-scorecard/plugin-extension-scorecard-common';
import { SimpleTable, SimpleTableHead, Td } from '../shared';

function formatRule(rule: RbacFinding['rule']): string {
  const groups = rule.apiGroups.map(g => (g === '' ? 'core' : g)).join(',');
  return `${rule.verbs.join(',')} on ${rule.resources.join(',')} (${groups})`;
}

/** Dangerous grants of the component's service accounts, with the binding that grants them. */
export const RbacFindingsPanel = (props: { findings: RbacFinding[] }) => (
  <InfoCard title="RBAC findings">
    {props.findings.length === 0 ? (
      <Text as="p">
        No risky grant found for the component's service accounts.
      </Text>
    ) : (
      <SimpleTable aria-label="RBAC findings">
        <SimpleTableHead
          columns={[
            'Check',
            'Service account',
            'Granted by',
            'Rule',
            'Declared',
          ]}
        />
        <tbody>
          {props.findings.map(finding => (
            <tr
              key={`${finding.cluster}|${finding.checkId}|${
                finding.serviceAccount
              }|${finding.binding}|${formatRule(finding.rule)}`}
            >
              <Td>
                <Text as="div">{finding.checkId}</Text>
                <Text as="div" variant="body-small" color="secondary">
                  {finding.cluster}
                </Text>
              </Td>
              <Td>{finding.serviceAccount}</Td>
              <Td>
                <Text as="div">{finding.binding}</Text>
                <Text as="div" variant="body-small" color="secondary">
                  → {finding.role}
                </Text>
              </Td>
              <Td>
                <Text
                  variant="body-small"
                  style={{ fontFamily: 'var(--bui-font-monospace)' }}
                >
                  {formatRule(finding.rule)}
                </Text>
              </Td>
              <Td>{finding.declared ? 'yes, in the design record' : 'no'}</Td>
            </tr>
          ))}
        </tbody>
      </SimpleTable>
    )}
  </InfoCard>
);
