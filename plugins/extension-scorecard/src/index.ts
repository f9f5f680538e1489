/**
 * Frontend plugin for Extension Scorecard (legacy frontend system).
 * The new frontend system lives at `@extension-scorecard/plugin-extension-scorecard/alpha`.
 *
 * @packageDocumentation
 */
export {
  extensionScorecardPlugin,
  ExtensionScorecardPage,
  EntityExtensionScorecardContent,
  EntityTeamScorecardCard,
  EntityTeamScorecardContent,
} from './plugin';
export {
  rootRouteRef,
  componentRouteRef,
  auditRouteRef,
  campaignsRouteRef,
  campaignRouteRef,
} from './routes';
export { extensionScorecardApiRef, extensionScorecardApiFactory } from './api';
export { isExtensionComponent } from './components/EntityTab/isExtensionComponent';
export { EntitySystemExtensionsContent } from './components/SystemView/extension';
export {
  ExtensionScorecardClient,
  type ExtensionScorecardApi,
} from '@extension-scorecard/plugin-extension-scorecard-common';
