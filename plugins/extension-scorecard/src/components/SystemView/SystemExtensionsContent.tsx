import { useState } from 'react';
import { Text } from '@backstage/ui';
import {
  EmptyState,
  InfoCard,
  Progress,
  ResponseErrorPanel,
} from '@backstage/core-components';
import {
  Entity,
  RELATION_HAS_PART,
  parseEntityRef,
} from '@backstage/catalog-model';
import { useEntity } from '@backstage/plugin-catalog-react';
import { useComponentPage } from '../../hooks/useComponentPage';
import { ComponentTable } from '../PlatformPage/ComponentTable';
import {
  ComponentTableState,
  EMPTY_FILTERS,
  toComponentQuery,
} from '../PlatformPage/tableState';
import { HiddenComponentsNote } from '../shared/HiddenComponentsNote';

/** The most parts of a system the component list is asked about (the API's maximum). */
export const SYSTEM_PART_LIMIT = 200;

/**
 * The Components and Resources that are part of a System (its `hasPart` relations,
 * the other side of their `spec.system`): the candidates for extensions.
 */
export function systemParts(system: Entity): string[] {
  return (system.relations ?? [])
    .filter(r => r.type === RELATION_HAS_PART)
    .map(r => r.targetRef)
    .filter(ref => {
      const kind = parseEntityRef(ref).kind.toLocaleLowerCase('en-US');
      return kind === 'component' || kind === 'resource';
    });
}

/** The list, asked for by component id (never without ids: that would list all). */
const SystemExtensionsTable = (props: { parts: string[] }) => {
  const parts = props.parts.slice(0, SYSTEM_PART_LIMIT);
  const [state, setState] = useState<ComponentTableState>({
    filters: EMPTY_FILTERS,
    sort: 'level',
    order: 'asc',
    page: 0,
    pageSize: 25,
  });
  const page = useComponentPage({
    ...toComponentQuery(state),
    componentId: parts,
  });
  return (
    <InfoCard title="Extensions of this system" subheader="Lowest level first">
      {page.error && <ResponseErrorPanel error={page.error} />}
      {!page.error && !page.value && <Progress />}
      {page.value && (
        <>
          <HiddenComponentsNote
            count={page.value.hiddenByVisibility}
            from="this list"
          />
          {page.value.total === 0 ? (
            <Text as="p">
              None of the system's {parts.length} components is an extension the
              scorecard has collected.
            </Text>
          ) : (
            <ComponentTable
              page={page.value}
              state={state}
              loading={page.loading}
              onChange={setState}
            />
          )}
        </>
      )}
      {props.parts.length > SYSTEM_PART_LIMIT && (
        <Text as="p" variant="body-small" color="secondary">
          Only the first {SYSTEM_PART_LIMIT} of the system's{' '}
          {props.parts.length} components are looked up.
        </Text>
      )}
    </InfoCard>
  );
};

/** The "Extension scorecard" tab of a System's entity page. @public */
/** The extensions among a System's parts, with their levels and what blocks the next. */
export const SystemExtensions = (props: { parts: string[] }) => {
  if (props.parts.length === 0) {
    return (
      <EmptyState
        missing="data"
        title="This system has no component"
        description="Extensions appear here once their catalog Component names this system in spec.system."
      />
    );
  }
  return <SystemExtensionsTable parts={props.parts} />;
};

export const EntitySystemExtensionsContent = () => {
  const { entity } = useEntity();
  return <SystemExtensions parts={systemParts(entity)} />;
};
