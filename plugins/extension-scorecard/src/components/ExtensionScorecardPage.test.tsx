import { renderInTestApp } from '@backstage/test-utils';
import { screen } from '@testing-library/react';
import { ExtensionScorecardPage } from './ExtensionScorecardPage';

describe('ExtensionScorecardPage', () => {
  it('renders the page header', async () => {
    await renderInTestApp(<ExtensionScorecardPage />);
    expect(screen.getByText('Extension Scorecard')).toBeInTheDocument();
  });
});
