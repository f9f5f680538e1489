import { EntityContentBlueprint } from '@backstage/plugin-catalog-react/alpha';
import { isExtensionComponent } from '../components/EntityTab/isExtensionComponent';
import { ExtensionScorecardRegion } from '../components/shared/ScorecardRegion';

/** The scorecard tab on extension Components. @alpha */
export const entityExtensionScorecardContent = EntityContentBlueprint.make({
  name: 'component',
  params: {
    path: 'extension-scorecard',
    title: 'Extension scorecard',
    filter: isExtensionComponent,
    loader: () =>
      import('../components/EntityTab/EntityExtensionScorecardContent').then(
        m => (
          <ExtensionScorecardRegion view="component-tab">
            <m.EntityExtensionScorecardContent />
          </ExtensionScorecardRegion>
        ),
      ),
  },
});

/** The team view tab on Group pages. @alpha */
export const entityTeamScorecardContent = EntityContentBlueprint.make({
  name: 'team',
  params: {
    path: 'extension-scorecard',
    title: 'Extension scorecard',
    filter: { kind: 'group' },
    loader: () =>
      import('../components/TeamView/TeamScorecardContent').then(m => (
        <ExtensionScorecardRegion view="team-tab">
          <m.EntityTeamScorecardContent />
        </ExtensionScorecardRegion>
      )),
  },
});
