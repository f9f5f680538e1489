import { screen } from '@testing-library/react';
import { renderTestApp } from '@backstage/frontend-test-utils';
import extensionScorecardPlugin from '@extension-scorecard/plugin-extension-scorecard/alpha';
import notificationsPlugin from '@backstage/plugin-notifications/alpha';
import signalsPlugin from '@backstage/plugin-signals/alpha';
import { navModule } from '.';

describe('sidebar', () => {
  it('links the Extension Scorecard page with a label that fits, named in full', async () => {
    renderTestApp({
      features: [
        extensionScorecardPlugin,
        notificationsPlugin,
        signalsPlugin,
        navModule,
      ],
    });
    const link = await screen.findByRole('link', {
      name: 'Extension Scorecard',
    });
    expect(link).toHaveAttribute('href', '/extension-scorecard');
    // The open sidebar cuts labels after about 110 px: the visible label is short,
    // the full name is the link's accessible name and its tooltip.
    expect(link).toHaveTextContent(/^Scorecard$/);
    expect(link).toHaveAttribute('title', 'Extension Scorecard');
  });
});
