import { EntityContentBlueprint } from '@backstage/plugin-catalog-react/alpha';
import { ExtensionScorecardRegion } from '../components/shared/ScorecardRegion';

/** The extensions of a System, as a tab on its page. @alpha */
export const entitySystemExtensionsContent = EntityContentBlueprint.make({
  name: 'system',
  params: {
    path: 'extension-scorecard',
    title: 'Extension scorecard',
    filter: { kind: 'system' },
    loader: () =>
      import('../components/SystemView/SystemExtensionsContent').then(m => (
        <ExtensionScorecardRegion view="system-tab">
          <m.EntitySystemExtensionsContent />
        </ExtensionScorecardRegion>
      )),
  },
});
