/**
 * The waiver request form's values and validation, kept apart from the dialog so the
 * rules are plain and testable. The backend checks the same rules again.
 */
import { WaiverInput } from '@extension-scorecard/plugin-extension-scorecard-common';

export interface WaiverFormValues {
  checkId: string;
  /** '' = every cluster. */
  cluster: string;
  reason: string;
  /** `YYYY-MM-DD` from a date input. */
  expiresOn: string;
}

export type WaiverFormErrors = Partial<Record<keyof WaiverFormValues, string>>;

export const REASON_MIN = 10;
export const REASON_MAX = 2000;
/** The backend's default `extensionScorecard.waivers.maxDays`. */
export const DEFAULT_MAX_WAIVER_DAYS = 180;

/** End of the chosen day in UTC: a waiver "until 2026-05-01" covers that whole day. */
export function expiresAtFromDate(expiresOn: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(expiresOn)) return undefined;
  const date = new Date(`${expiresOn}T23:59:59.000Z`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export function validateWaiverForm(
  values: WaiverFormValues,
  options: { now?: Date; maxDays?: number } = {},
): WaiverFormErrors {
  const now = options.now ?? new Date();
  const maxDays = options.maxDays ?? DEFAULT_MAX_WAIVER_DAYS;
  const errors: WaiverFormErrors = {};
  if (!values.checkId) errors.checkId = 'Choose the check to waive';
  const reason = values.reason.trim();
  if (reason.length < REASON_MIN) {
    errors.reason = `Explain why in at least ${REASON_MIN} characters`;
  } else if (reason.length > REASON_MAX) {
    errors.reason = `At most ${REASON_MAX} characters`;
  }
  const expiresAt = expiresAtFromDate(values.expiresOn);
  if (!expiresAt) {
    errors.expiresOn = 'Choose the day the waiver ends';
  } else {
    const time = new Date(expiresAt).getTime();
    const limit = now.getTime() + maxDays * 24 * 3600 * 1000;
    if (time <= now.getTime()) {
      errors.expiresOn = 'The end date must be in the future';
    } else if (time > limit + 24 * 3600 * 1000) {
      errors.expiresOn = `A waiver lasts at most ${maxDays} days`;
    }
  }
  return errors;
}

/**
 * The API body for valid form values. On the last allowed day the end is pulled in to
 * `now + maxDays` so the backend's limit is never overstepped by the end-of-day rounding.
 */
export function toWaiverInput(
  componentId: string,
  values: WaiverFormValues,
  options: { now?: Date; maxDays?: number } = {},
): WaiverInput {
  const now = options.now ?? new Date();
  const maxDays = options.maxDays ?? DEFAULT_MAX_WAIVER_DAYS;
  const endOfDay = new Date(expiresAtFromDate(values.expiresOn)!).getTime();
  const limit = now.getTime() + maxDays * 24 * 3600 * 1000 - 60 * 1000;
  return {
    component: componentId,
    checkId: values.checkId,
    cluster: values.cluster || null,
    reason: values.reason.trim(),
    expiresAt: new Date(Math.min(endOfDay, limit)).toISOString(),
  };
}
