import Chip from '@material-ui/core/Chip';
import Table from '@material-ui/core/Table';
import TableBody from '@material-ui/core/TableBody';
import TableCell from '@material-ui/core/TableCell';
import TableHead from '@material-ui/core/TableHead';
import TableRow from '@material-ui/core/TableRow';
import Typography from '@material-ui/core/Typography';
import { InfoCard } from '@backstage/core-components';
import {
  ComponentInstanceSummary,
  ObjectRef,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { formatDateTime, formatRelative } from '../../format/time';

function objectName(object: ObjectRef): string {
  return `${object.kind} ${object.namespace ? `${object.namespace}/` : ''}${
    object.name
  }`;
}

/** Where the component runs: one row per cluster with the objects found there. */
export const InstancesPanel = (props: {
  instances: ComponentInstanceSummary[];
}) => (
  <InfoCard title="Instances per cluster">
    {props.instances.length === 0 ? (
      <Typography variant="body2">
        Not found in any cluster: the catalog declares it, but no object carries
        its id.
      </Typography>
    ) : (
      <Table size="small" aria-label="Instances per cluster">
        <TableHead>
          <TableRow>
            <TableCell>Cluster</TableCell>
            <TableCell>Collected</TableCell>
            <TableCell>Objects</TableCell>
            <TableCell>Advertises</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {props.instances.map(instance => (
            <TableRow key={instance.cluster}>
              <TableCell>
                {instance.cluster}{' '}
                {instance.stale && (
                  <Chip size="small" variant="outlined" label="stale" />
                )}
              </TableCell>
              <TableCell title={formatDateTime(instance.collectedAt)}>
                {formatRelative(instance.collectedAt)}
              </TableCell>
              <TableCell>
                {instance.objects.map(object => (
                  <Typography
                    key={`${object.apiVersion}|${objectName(object)}`}
                    variant="caption"
                    component="div"
                  >
                    {objectName(object)}
                  </Typography>
                ))}
              </TableCell>
              <TableCell>
                {[
                  ...instance.advertisedResources,
                  ...instance.schedulerNames.map(s => `scheduler ${s}`),
                ].join(', ') || '—'}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    )}
  </InfoCard>
);
