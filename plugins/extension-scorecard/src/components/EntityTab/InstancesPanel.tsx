import { Text } from '@backstage/ui';
import { InfoCard } from '@backstage/core-components';
import {
  ComponentInstanceSummary,
  ObjectRef,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { formatDateTime, formatRelative } from '../../format/time';
import { OutlineBadge, SimpleTable, SimpleTableHead, Td } from '../shared';

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
      <Text as="p">
        Not found in any cluster: the catalog declares it, but no object carries
        its id.
      </Text>
    ) : (
      <SimpleTable aria-label="Instances per cluster">
        <SimpleTableHead
          columns={['Cluster', 'Collected', 'Objects', 'Advertises']}
        />
        <tbody>
          {props.instances.map(instance => (
            <tr key={instance.cluster}>
              <Td>
                {instance.cluster}{' '}
                {instance.stale && <OutlineBadge>stale</OutlineBadge>}
              </Td>
              <Td title={formatDateTime(instance.collectedAt)}>
                {formatRelative(instance.collectedAt)}
              </Td>
              <Td>
                {instance.objects.map(object => (
                  <Text
                    key={`${object.apiVersion}|${objectName(object)}`}
                    variant="body-small"
                    as="div"
                  >
                    {objectName(object)}
                  </Text>
                ))}
              </Td>
              <Td>
                {[
                  ...instance.advertisedResources,
                  ...instance.schedulerNames.map(s => `scheduler ${s}`),
                ].join(', ') || '—'}
              </Td>
            </tr>
          ))}
        </tbody>
      </SimpleTable>
    )}
  </InfoCard>
);
