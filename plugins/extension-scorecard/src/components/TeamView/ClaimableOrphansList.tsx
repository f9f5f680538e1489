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
        <Typography variant="body2" data-testid="orphans-refused">
          {props.refusal}.
        </Typography>
      </InfoCard>
    );
  }
  return (
    <InfoCard title={title} subheader={subheader}>
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
