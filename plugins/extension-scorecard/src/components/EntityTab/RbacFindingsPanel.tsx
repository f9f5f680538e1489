import { Box, Text } from '@backstage/ui';
import { InfoCard } from '@backstage/core-components';
import { RbacFinding } from '@extension-scorecard/plugin-extension-scorecard-common';
import { OutlineBadge, SimpleTable, SimpleTableHead, Td } from '../shared';
import { groupRbacFindings } from './rbacGroups';

const nowrap = { whiteSpace: 'nowrap' } as const;
const mono = {
  fontFamily: 'var(--bui-font-monospace)',
  overflowWrap: 'anywhere',
} as const;

function declaredText(grant: ReturnType<typeof groupRbacFindings>[number]) {
  if (grant.declared) return 'yes, in the design record';
  if (grant.partlyDeclared) return 'partly';
  return 'no';
}

/**
 * Dangerous grants of the component's service accounts, one row per service account
 * and binding → role, with the clusters it is found in and what each check found.
 */
export const RbacFindingsPanel = (props: { findings: RbacFinding[] }) => {
  const grants = groupRbacFindings(props.findings);
  return (
    <InfoCard title="RBAC findings">
      {grants.length === 0 ? (
        <Text as="p">
          No risky grant found for the component's service accounts.
        </Text>
      ) : (
        <SimpleTable aria-label="RBAC findings">
          <SimpleTableHead
            columns={[
              'Service account',
              'Granted by',
              'Clusters',
              'Findings',
              'Declared',
            ]}
          />
          <tbody>
            {grants.map(grant => (
              <tr
                key={`${grant.serviceAccount}|${grant.binding}|${grant.role}`}
                data-testid="rbac-grant"
              >
                <Td style={nowrap}>{grant.serviceAccount}</Td>
                <Td>
                  <Text as="div" style={nowrap}>
                    {grant.binding}
                  </Text>
                  <Text
                    as="div"
                    variant="body-small"
                    color="secondary"
                    style={nowrap}
                  >
                    → {grant.role}
                  </Text>
                </Td>
                <Td>
                  {grant.clusters.map(cluster => (
                    <Box key={cluster} mb="1">
                      <OutlineBadge>{cluster}</OutlineBadge>
                    </Box>
                  ))}
                </Td>
                <Td>
                  <Box as="ul" m="0" pl="4">
                    {grant.findings.map(finding => (
                      <li key={finding.checkId}>
                        <Text variant="body-small" weight="bold">
                          {finding.checkId}
                        </Text>{' '}
                        <Text variant="body-small" style={mono}>
                          {finding.rules.join('; ')}
                        </Text>
                      </li>
                    ))}
                  </Box>
                </Td>
                <Td>{declaredText(grant)}</Td>
              </tr>
            ))}
          </tbody>
        </SimpleTable>
      )}
    </InfoCard>
  );
};
