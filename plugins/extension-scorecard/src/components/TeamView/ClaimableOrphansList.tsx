import { Box, Text } from '@backstage/ui';
import { InfoCard, Link } from '@backstage/core-components';
import { useRouteRef } from '@backstage/core-plugin-api';
import { componentRouteRef } from '../../routes';
import { ClaimableOrphan } from './teamFindings';
import { ListItem } from '../shared';

/**
 * Orphans that look like the team's: to claim one, add a catalog Component for it and
 * label its objects with backstage.io/kubernetes-id.
 */
export const ClaimableOrphansList = (props: {
  orphans: ClaimableOrphan[];
  /** Why the user sees no orphans (they may not read them). */
  refusal?: string;
}) => {
  const componentLink = useRouteRef(componentRouteRef);
  const title = 'Orphans you might claim';
  const subheader =
    'Extensions running in the clusters that no catalog entity owns';
  if (props.refusal) {
    return (
      <InfoCard title={title} subheader={subheader}>
        <Text as="p" data-testid="orphans-refused">
          {props.refusal}.
        </Text>
      </InfoCard>
    );
  }
  return (
    <InfoCard title={title} subheader={subheader}>
      {props.orphans.length === 0 ? (
        <Text as="p">No orphan looks like this team's.</Text>
      ) : (
        <>
          <Box as="ul" m="0" pl="4">
            {props.orphans.map(({ orphan, reason }) => (
              <ListItem key={orphan.componentId}>
                <Link
                  to={componentLink({
                    componentId: encodeURIComponent(orphan.componentId),
                  })}
                >
                  {orphan.name}
                </Link>{' '}
                in {orphan.clusters.join(', ')} — {reason}
              </ListItem>
            ))}
          </Box>
          <Text as="p" variant="body-small" color="secondary">
            To claim one, register a Component for it and label its objects with
            backstage.io/kubernetes-id.
          </Text>
        </>
      )}
    </InfoCard>
  );
};
