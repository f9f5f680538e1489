import { EntityCardBlueprint } from '@backstage/plugin-catalog-react/alpha';
import { ExtensionScorecardRegion } from '../components/shared/ScorecardRegion';

/** The team view card on Group overviews. @alpha */
export const entityTeamScorecardCard = EntityCardBlueprint.make({
  name: 'team',
  params: {
    filter: { kind: 'group' },
    loader: () =>
      import('../components/TeamView/TeamScorecardCard').then(m => (
        <ExtensionScorecardRegion view="team-card">
          <m.EntityTeamScorecardCard />
        </ExtensionScorecardRegion>
      )),
  },
});
