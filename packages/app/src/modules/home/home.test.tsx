import { screen } from '@testing-library/react';
import { renderTestApp } from '@backstage/frontend-test-utils';
import {
  createFrontendPlugin,
  PageBlueprint,
} from '@backstage/frontend-plugin-api';
import { HOME_PATH, homeModule } from '.';

// A stand-in for the scorecard page: the redirect is the app's, not the plugin's.
const scorecardStandIn = createFrontendPlugin({
  pluginId: 'stand-in',
  extensions: [
    PageBlueprint.make({
      params: {
        path: HOME_PATH,
        loader: async () => <p>the scorecard page</p>,
      },
    }),
  ],
});

describe('home', () => {
  it('sends / to the scorecard', async () => {
    renderTestApp({
      features: [scorecardStandIn, homeModule],
      initialRouteEntries: ['/'],
    });
    expect(await screen.findByText('the scorecard page')).toBeInTheDocument();
  });

  it('leaves other unknown paths to the not-found page', async () => {
    renderTestApp({
      features: [scorecardStandIn, homeModule],
      initialRouteEntries: ['/no-such-page'],
    });
    expect(await screen.findByText(/not found/i)).toBeInTheDocument();
    expect(screen.queryByText('the scorecard page')).not.toBeInTheDocument();
  });
});
