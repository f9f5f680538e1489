import { Box, Text } from '@backstage/ui';
import { InfoCard } from '@backstage/core-components';
import { OutlineBadge, ListItem } from '../shared';
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
      <Text as="p">
        Every extension names an owner for each responsibility.
      </Text>
    ) : (
      <Box as="ul" m="0" pl="4">
        {props.items.map(item => (
          <ListItem
            key={item.componentId}
            style={{ marginBottom: 'var(--bui-space-1)' }}
          >
            <strong>{item.name}</strong>:{' '}
            {item.missing.length > 0
              ? item.missing.map(role => (
                  <OutlineBadge key={role} style={{ marginRight: 4 }}>
                    {role}
                  </OutlineBadge>
                ))
              : item.message}
          </ListItem>
        ))}
      </Box>
    )}
  </InfoCard>
);
