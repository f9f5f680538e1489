import { screen } from '@testing-library/react';
import { renderTestApp } from '@backstage/frontend-test-utils';
import extensionScorecardPlugin from '@extension-scorecard/plugin-extension-scorecard/alpha';
import notificationsPlugin from '@backstage/plugin-notifications/alpha';
import signalsPlugin from '@backstage/plugin-signals/alpha';
import { navModule } from '.';

describe('sidebar', () => {
  it('links the Extension Scorecard page', async () => {
    renderTestApp({
      features: [
        extensionScorecardPlugin,
        notificationsPlugin,
        signalsPlugin,
        navModule,
      ],
    });
    const link = await screen.findByRole('link', {
      name: /Extension Scorecard/,
    });
    expect(link).toHaveAttribute('href', '/extension-scorecard');
  });
});
