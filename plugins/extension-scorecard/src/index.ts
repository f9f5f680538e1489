/**
 * Frontend plugin for Extension Scorecard (legacy frontend system).
 * The new frontend system lives at `@extension-scorecard/plugin-extension-scorecard/alpha`.
 *
 * @packageDocumentation
 */
export { extensionScorecardPlugin, ExtensionScorecardPage } from './plugin';
export { rootRouteRef } from './routes';
