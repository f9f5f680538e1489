import { EntityCardBlueprint } from '@backstage/plugin-catalog-react/alpha';

/** The team view card on Group overviews. @alpha */
export const entityTeamScorecardCard = EntityCardBlueprint.make({
  name: 'team',
  params: {
    filter: 'kind:group',
    loader: () =>
      import('../components/TeamView/TeamScorecardCard').then(m => (
        <m.EntityTeamScorecardCard />
      )),
  },
});
