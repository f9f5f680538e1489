import { Theme } from '@material-ui/core/styles';
import {
  CheckStatus,
  ReadinessLevel,
} from '@extension-scorecard/plugin-extension-scorecard-common';

/** The theme's status colour for a check status (readable on light and dark themes). */
export function statusColor(theme: Theme, status: CheckStatus): string {
  const palette = theme.palette;
  switch (status) {
    case 'pass':
      return palette.status.ok;
    case 'warn':
      return palette.status.warning;
    case 'fail':
      return palette.status.error;
    case 'unknown':
      return palette.info.main;
    default:
      return palette.status.aborted;
  }
}

/** The theme's colour for a readiness level: L0 red … L3 green. */
export function levelColor(theme: Theme, level: ReadinessLevel): string {
  const palette = theme.palette;
  return [
    palette.status.error,
    palette.status.warning,
    palette.info.main,
    palette.status.ok,
  ][level];
}

/** Short human wording of a status. */
export const STATUS_LABELS: Record<CheckStatus, string> = {
  pass: 'pass',
  warn: 'warn',
  fail: 'fail',
  'not-applicable': 'n/a',
  unknown: 'unknown',
};
