import { ComponentType, ReactNode } from 'react';
import { readableTextCss } from './readableText';

const REGION_CSS = readableTextCss('[data-extension-scorecard]');

/** The views the plugin contributes to an app, as named on their region marker. */
export type ExtensionScorecardView =
  | 'page'
  | 'component-tab'
  | 'team-tab'
  | 'team-card'
  | 'system-tab';

/**
 * Marks the part of the app's DOM that the plugin renders (`data-extension-scorecard`
 * names the view), without a box of its own (`display: contents`), so the page
 * layout and card grids lay out the plugin's elements as if it were not there. Browser
 * tests scope accessibility scans and layout checks to it; the app's chrome around it
 * is not the plugin's. It also re-declares the text colours that would read too
 * faintly on core-components' cards (shared/readableText.ts).
 */
export function ExtensionScorecardRegion(props: {
  view: ExtensionScorecardView;
  children: ReactNode;
}) {
  return (
    <div data-extension-scorecard={props.view} style={{ display: 'contents' }}>
      <style>{REGION_CSS}</style>
      {props.children}
    </div>
  );
}

/**
 * `Component` inside its region: how the legacy frontend system's extensions
 * (plugin.ts) get the same marker and text colours as the new system's.
 */
export function withScorecardRegion<P extends object>(
  view: ExtensionScorecardView,
  Component: ComponentType<P>,
): (props: P) => JSX.Element {
  const InRegion = (props: P) => (
    <ExtensionScorecardRegion view={view}>
      <Component {...props} />
    </ExtensionScorecardRegion>
  );
  InRegion.displayName = `ScorecardRegion(${
    Component.displayName ?? Component.name ?? 'Component'
  })`;
  return InRegion;
}
