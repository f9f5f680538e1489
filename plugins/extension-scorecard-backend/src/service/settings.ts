/**
 * API settings from app-config (`extensionScorecard.access`, `extensionScorecard.waivers`).
 */
import { Config } from '@backstage/config';
import { normalizeRef } from './access';

/** What the API reads from config. */
export interface ApiSettings {
  /** Members of this group see orphans. */
  adminGroup: string;
  /** Longest a waiver may run, in days. */
  waiverMaxDays: number;
}

/** Reads and validates the API settings. */
export function readApiSettings(config: Config): ApiSettings {
  const adminGroup =
    config.getOptionalString('extensionScorecard.access.adminGroup') ??
    'group:default/platform-admins';
  let normalized: string;
  try {
    normalized = normalizeRef(adminGroup);
  } catch (error) {
    throw new Error(
      `Invalid config at extensionScorecard.access.adminGroup: ${
        (error as Error).message
      }`,
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
  return { adminGroup: normalized, waiverMaxDays };
}
