/**
 * API settings from app-config (`extensionScorecard.waivers`).
 */
import { Config } from '@backstage/config';

/** What the API reads from config. */
export interface ApiSettings {
  /** Longest a waiver may run, in days. */
  waiverMaxDays: number;
}

/** Reads and validates the API settings. */
export function readApiSettings(config: Config): ApiSettings {
  if (config.has('extensionScorecard.access.adminGroup')) {
    throw new Error(
      'extensionScorecard.access.adminGroup is no longer read: orphans are shown to whoever holds the permission extension-scorecard.orphans.read (grant it in your permission policy; see the backend README, "Permissions")',
    );
  }
  const waiverMaxDays =
    config.getOptionalNumber('extensionScorecard.waivers.maxDays') ?? 180;
  if (
    !Number.isInteger(waiverMaxDays) ||
    waiverMaxDays < 1 ||
    waiverMaxDays > 3650
  ) {
    throw new Error(
      `Invalid config at extensionScorecard.waivers.maxDays: expected whole days between 1 and 3650, got ${waiverMaxDays}`,
    );
  }
  return { waiverMaxDays };
}
