import { Alert, Box } from '@backstage/ui';
import { CheckResult } from '@extension-scorecard/plugin-extension-scorecard-common';
import { ListItem } from '../shared';
import { resultKey } from './blockers';
import { CheckLink } from './CheckLink';

/**
 * Critical fails, shown before anything else: they cap the level whatever the score.
 * Each names its check and cluster and leads to the check's row, where the message is.
 */
export const HardGates = (props: {
  hardGates: CheckResult[];
  onShowCheck?: (result: CheckResult) => void;
}) => {
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
          {props.hardGates.map(gate => {
            const name = `${gate.checkId}${
              gate.cluster ? ` (${gate.cluster})` : ''
            }`;
            return (
              <ListItem variant="body-medium" key={resultKey(gate)}>
                {props.onShowCheck ? (
                  <CheckLink result={gate} onShow={props.onShowCheck}>
                    {name}
                  </CheckLink>
                ) : (
                  <strong>{name}</strong>
                )}
                {gate.waiver ? ' — waived' : ''}
              </ListItem>
            );
          })}
        </Box>
      }
    />
  );
};
