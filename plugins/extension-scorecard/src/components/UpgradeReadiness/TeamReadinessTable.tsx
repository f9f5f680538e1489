import { CSSProperties } from 'react';
import { Box, Button, Flex, Text, VisuallyHidden } from '@backstage/ui';
import { EntityRefLink } from '@backstage/plugin-catalog-react';
import { TeamUpgradeReadiness } from '@extension-scorecard/plugin-extension-scorecard-common';
import { shortRef } from '../../format/refs';
import { OutlineBadge, SimpleTable, Td, Th } from '../shared';

const right: CSSProperties = { textAlign: 'right' };
const middle: CSSProperties = { verticalAlign: 'middle' };

/**
 * Findings per owning team across clusters (blockers first, as the backend sorts
 * them), with the clusters each team has findings in; "Show findings" filters the
 * panel to the team.
 */
export const TeamReadinessTable = (props: {
  teams: TeamUpgradeReadiness[];
  onShowTeam: (owner: string) => void;
}) => {
  const { teams, onShowTeam } = props;
  if (teams.length === 0) {
    return (
      <Text as="p" variant="body-medium">
        No team has a finding.
      </Text>
    );
  }
  return (
    <Box style={{ overflowX: 'auto' }}>
      <SimpleTable aria-label="Upgrade findings by team">
        <thead>
          <tr>
            <Th scope="col">Team</Th>
            <Th scope="col" style={right}>
              Blockers
            </Th>
            <Th scope="col" style={right}>
              Warnings
            </Th>
            <Th scope="col" style={right}>
              Unknown
            </Th>
            <Th scope="col">Clusters</Th>
            <Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Th>
          </tr>
        </thead>
        <tbody>
          {teams.map(team => (
            <tr key={team.owner ?? '(none)'} data-testid="upgrade-team-row">
              <Td style={{ ...middle, whiteSpace: 'nowrap' }}>
                {team.owner ? (
                  <EntityRefLink
                    entityRef={team.owner}
                    defaultKind="group"
                    hideIcon
                  />
                ) : (
                  <Text variant="body-medium" color="secondary">
                    no owner (orphans, cluster-wide)
                  </Text>
                )}
              </Td>
              <Td
                style={{
                  ...middle,
                  textAlign: 'right',
                  color: team.blockers ? 'var(--bui-fg-negative)' : undefined,
                  fontWeight: team.blockers
                    ? ('var(--bui-font-weight-bold)' as CSSProperties['fontWeight'])
                    : undefined,
                }}
              >
                {team.blockers}
              </Td>
              <Td style={{ ...middle, ...right }}>{team.warnings}</Td>
              <Td style={{ ...middle, ...right }}>{team.unknowns}</Td>
              <Td style={middle}>
                <Flex gap="1" style={{ flexWrap: 'wrap' }}>
                  {team.clusters.map(cluster => (
                    <OutlineBadge key={cluster}>{cluster}</OutlineBadge>
                  ))}
                </Flex>
              </Td>
              <Td style={{ ...middle, ...right, whiteSpace: 'nowrap' }}>
                {team.owner && (
                  <Button
                    size="small"
                    variant="tertiary"
                    aria-label={`Show the findings of ${shortRef(team.owner)}`}
                    onPress={() => onShowTeam(team.owner!)}
                  >
                    Show findings
                  </Button>
                )}
              </Td>
            </tr>
          ))}
        </tbody>
      </SimpleTable>
    </Box>
  );
};
