/**
 * The extension point backend modules use to add readiness checks and extension
 * kinds to the Extension Scorecard backend, in the way
 * `@backstage/plugin-kubernetes-node` exposes the Kubernetes backend's extension points.
 */
import { createExtensionPoint } from '@backstage/backend-plugin-api';
import type { ScorecardCheck, ScorecardKind } from './checks';

/**
 * Adds checks and kinds to the scorecard. Everything is registered before the
 * plugin starts; the plugin validates it at start-up together with
 * `extensionScorecard.checks` (an id taken twice, an unknown kind or a bad
 * setting stops the start with an error naming it).
 *
 * @public
 */
export interface ExtensionScorecardChecksExtensionPoint {
  /**
   * Checks that run next to the built-in catalogue. Their ids must be new (use a
   * prefix of your own, e.g. `acme.`); app-config can tune and disable them under
   * `extensionScorecard.checks.<id>` like built-in ones.
   */
  addChecks(...checks: Array<ScorecardCheck | ScorecardCheck[]>): void;
  /**
   * Extension kinds beyond the built-in ten, with their path class and required
   * fault scenarios. Catalog entities may then declare `spec.extension.kind: <id>`.
   */
  addKinds(...kinds: Array<ScorecardKind | ScorecardKind[]>): void;
}

/**
 * Extension point of the `extension-scorecard` backend plugin for extra checks and kinds.
 *
 * @public
 */
export const extensionScorecardChecksExtensionPoint =
  createExtensionPoint<ExtensionScorecardChecksExtensionPoint>({
    id: 'extension-scorecard.checks',
  });
