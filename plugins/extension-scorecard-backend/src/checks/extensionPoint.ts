/**
 * The backend's side of `extensionScorecardChecksExtensionPoint`: collects what
 * modules register before the plugin starts; readChecksConfig validates it.
 */
import type {
  ExtensionScorecardChecksExtensionPoint,
  ScorecardCheck,
  ScorecardKind,
} from '@extension-scorecard/plugin-extension-scorecard-node';

export class CheckRegistrations
  implements ExtensionScorecardChecksExtensionPoint
{
  readonly checks: ScorecardCheck[] = [];
  readonly kinds: ScorecardKind[] = [];

  addChecks(...checks: Array<ScorecardCheck | ScorecardCheck[]>): void {
    this.checks.push(...checks.flat());
  }

  addKinds(...kinds: Array<ScorecardKind | ScorecardKind[]>): void {
    this.kinds.push(...kinds.flat());
  }
}
