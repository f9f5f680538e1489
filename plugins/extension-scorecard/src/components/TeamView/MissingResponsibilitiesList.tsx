import Box from '@material-ui/core/Box';
import Chip from '@material-ui/core/Chip';
import Typography from '@material-ui/core/Typography';
import { InfoCard } from '@backstage/core-components';
import { MissingResponsibilities } from './teamFindings';

/** Components whose descriptor names nobody for some responsibility. */
export const MissingResponsibilitiesList = (props: {
  items: MissingResponsibilities[];
}) => (
  <InfoCard
    title="Missing responsibilities"
    subheader="Who owns certificates, RBAC, capacity, upgrades and retirement?"
  >
    {props.items.length === 0 ? (
      <Typography variant="body2">
        Every extension names an owner for each responsibility.
      </Typography>
    ) : (
      <Box component="ul" m={0} pl={2}>
        {props.items.map(item => (
          <Typography component="li" variant="body2" key={item.componentId}>
            <strong>{item.name}</strong>:{' '}
            {item.missing.length > 0
              ? item.missing.map(role => (
                  <Chip
                    key={role}
                    size="small"
                    variant="outlined"
                    label={role}
                  />
                ))
              : item.message}
          </Typography>
        ))}
      </Box>
    )}
  </InfoCard>
);
