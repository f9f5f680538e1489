/**
 * Backend plugin for Extension Scorecard: readiness scorecards for Kubernetes extensions.
 *
 * @packageDocumentation
 */

export { extensionScorecardPlugin as default } from './plugin';
