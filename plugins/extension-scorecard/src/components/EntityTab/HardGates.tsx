import { Alert, Box } from '@backstage/ui';
import { CheckResult } from '@extension-scorecard/plugin-extension-scorecard-common';
import { ListItem } from '../shared';

/** Critical fails, shown before anything else: they cap the level whatever the score. */
export const HardGates = (props: { hardGates: CheckResult[] }) => {
  if (props.hardGates.length === 0) return null;
  return (
    <Alert
      status="danger"
      icon
      role="alert"
      aria-label="Hard gates"
      title={`${props.hardGates.length} hard gate${
        props.hardGates.length === 1 ? '' : 's'
      } failing`}
      description={
        <Box as="ul" m="0" pl="4">
          {props.hardGates.map(gate => (
            <ListItem
              variant="body-medium"
              key={`${gate.checkId}|${gate.cluster ?? ''}`}
            >
              <strong>{gate.checkId}</strong>
              {gate.cluster ? ` (${gate.cluster})` : ''}: {gate.message}
              {gate.waiver ? ' — waived' : ''}
            </ListItem>
          ))}
        </Box>
      }
    />
  );
};
