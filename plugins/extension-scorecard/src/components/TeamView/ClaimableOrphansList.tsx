import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';
import { InfoCard, Link } from '@backstage/core-components';
import { useRouteRef } from '@backstage/core-plugin-api';
import { componentRouteRef } from '../../routes';
import { ClaimableOrphan } from './teamFindings';

/**
 * Orphans that look like the team's: to claim one, add a catalog Component for it and
 * label its objects with backstage.io/kubernetes-id.
 */
export const ClaimableOrphansList = (props: { orphans: ClaimableOrphan[] }) => {
  const componentLink = useRouteRef(componentRouteRef);
  return (
    <InfoCard
      title="Orphans you might claim"
      subheader="Extensions running in the clusters that no catalog entity owns"
    >
      {props.orphans.length === 0 ? (
        <Typography variant="body2">
          No orphan looks like this team's.
        </Typography>
      ) : (
        <>
          <Box component="ul" m={0} pl={2}>
            {props.orphans.map(({ orphan, reason }) => (
              <Typography
                component="li"
                variant="body2"
                key={orphan.componentId}
              >
                <Link
                  to={componentLink({
                    componentId: encodeURIComponent(orphan.componentId),
                  })}
                >
                  {orphan.name}
                </Link>{' '}
                in {orphan.clusters.join(', ')} — {reason}
              </Typography>
            ))}
          </Box>
          <Typography variant="caption" color="textSecondary">
            To claim one, register a Component for it and label its objects with
            backstage.io/kubernetes-id.
          </Typography>
        </>
      )}
    </InfoCard>
  );
};
