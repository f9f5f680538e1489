import { render, screen } from '@testing-library/react';
import { withScorecardRegion } from './ScorecardRegion';

describe('withScorecardRegion', () => {
  it("wraps a legacy extension's component in the plugin's region with its text colours", () => {
    const Card = (props: { who: string }) => <p>hello {props.who}</p>;
    const Wrapped = withScorecardRegion('team-card', Card);
    const { container } = render(<Wrapped who="team-security" />);
    const region = container.querySelector(
      '[data-extension-scorecard="team-card"]',
    );
    expect(region).not.toBeNull();
    expect(region).toContainElement(screen.getByText('hello team-security'));
    expect(region?.querySelector('style')?.textContent).toContain(
      "[data-theme-mode='dark'] [data-extension-scorecard] { --bui-fg-secondary: #c8c8c8;",
    );
    // named after what it wraps, in React's developer tools
    expect((Wrapped as { displayName?: string }).displayName).toBe(
      'ScorecardRegion(Card)',
    );
  });
});
