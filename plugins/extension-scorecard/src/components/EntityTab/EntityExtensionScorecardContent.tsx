import { stringifyEntityRef } from '@backstage/catalog-model';
import { useEntity } from '@backstage/plugin-catalog-react';
import { ComponentScorecard } from './ComponentScorecard';

/** The "Extension scorecard" tab of an extension Component's entity page. @public */
export const EntityExtensionScorecardContent = () => {
  const { entity } = useEntity();
  return <ComponentScorecard componentId={stringifyEntityRef(entity)} />;
};
