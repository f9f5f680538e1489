/**
 * The waiver request form's values and validation, kept apart from the dialog so the
 * rules are plain and testable. The backend checks them again, and also enforces its
 * own maximum length (`extensionScorecard.waivers.maxDays`, backend-only config): its
 * refusal is shown in the form.
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

/** End of the chosen day in UTC: a waiver "until 2026-05-01" covers that whole day. */
export function expiresAtFromDate(expiresOn: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(expiresOn)) return undefined;
  const date = new Date(`${expiresOn}T23:59:59.000Z`);
  // Reject dates the Date constructor would roll over (2026-02-31 → March 3).
  if (
    Number.isNaN(date.getTime()) ||
    !date.toISOString().startsWith(expiresOn)
  ) {
    return undefined;
  }
  return date.toISOString();
}

export function validateWaiverForm(
  values: WaiverFormValues,
  now: Date = new Date(),
): WaiverFormErrors {
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
  } else if (new Date(expiresAt).getTime() <= now.getTime()) {
    errors.expiresOn = 'The end date must be in the future';
  }
  return errors;
}

/** The API body for valid form values. */
export function toWaiverInput(
  componentId: string,
  values: WaiverFormValues,
): WaiverInput {
  return {
    component: componentId,
    checkId: values.checkId,
    cluster: values.cluster || null,
    reason: values.reason.trim(),
    expiresAt: expiresAtFromDate(values.expiresOn)!,
  };
}
