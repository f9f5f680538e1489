import {
  CheckStatus,
  ReadinessLevel,
} from '@extension-scorecard/plugin-extension-scorecard-common';

/**
 * Colours as @backstage/ui CSS variables, so they follow the light and dark theme
 * (the app imports '@backstage/ui/css/styles.css'). Fail reads worse than warn:
 * danger (red) for fail, warning (orange) for warn.
 */
export type Tone = 'success' | 'warning' | 'danger' | 'info' | 'neutral';

export function statusTone(status: CheckStatus): Tone {
  switch (status) {
    case 'pass':
      return 'success';
    case 'warn':
      return 'warning';
    case 'fail':
      return 'danger';
    case 'unknown':
      return 'info';
    default:
      return 'neutral';
  }
}

/** L0 red … L3 green. */
export function levelTone(level: ReadinessLevel): Tone {
  return (['danger', 'warning', 'info', 'success'] as const)[level];
}

/** BUI's semantic colour family of a tone. */
const FAMILY: Record<Exclude<Tone, 'neutral'>, string> = {
  danger: 'negative',
  warning: 'warning',
  success: 'positive',
  info: 'announcement',
};

/** A strong foreground colour of a tone (lines, bars, dots, cell tints). */
export function toneColor(tone: Tone): string {
  return tone === 'neutral'
    ? 'var(--bui-fg-disabled)'
    : `var(--bui-fg-${FAMILY[tone]})`;
}

/**
 * A tone's badge colours. `solid` fills with the tone (fail and warn, so they read
 * louder than the rest; fail's red is darker than warn's orange); `subdued` is the
 * tone's soft background with its readable text.
 */
export function toneSurface(
  tone: Tone,
  strength: 'solid' | 'subdued' = 'subdued',
): {
  background: string;
  color: string;
  borderColor: string;
} {
  if (tone === 'neutral') {
    // fg-secondary on this background is 3.2:1 in the dark theme: primary text it is
    return {
      background: 'var(--bui-bg-neutral-2)',
      color: 'var(--bui-fg-primary)',
      borderColor: 'var(--bui-border-2)',
    };
  }
  const family = FAMILY[tone];
  if (strength === 'solid') {
    return {
      background: `var(--bui-${family}-bg)`,
      color: `var(--bui-${family}-fg)`,
      borderColor: `var(--bui-${family}-bg)`,
    };
  }
  return {
    background: `var(--bui-${family}-bg-subdued)`,
    color: `var(--bui-${family}-fg-subdued)`,
    borderColor: `var(--bui-${family}-border)`,
  };
}

/**
 * Text in a tone on the page's own surface (a card), e.g. "2 hard gates". BUI's
 * `fg-danger`/`fg-warning` are for icons and bars: as text on a dark card they are
 * below 4.5:1 (2.7–3.2:1); the tone's subdued foreground is readable in both themes.
 */
export function toneText(tone: Tone): string {
  return tone === 'neutral'
    ? 'var(--bui-fg-primary)'
    : `var(--bui-${FAMILY[tone]}-fg-subdued)`;
}

/** Fail and warn (and L0, L1) are drawn solid; the rest subdued. */
export function toneStrength(tone: Tone): 'solid' | 'subdued' {
  return tone === 'danger' || tone === 'warning' ? 'solid' : 'subdued';
}

/** The theme's status colour for a check status (a CSS variable). */
export function statusColor(status: CheckStatus): string {
  return toneColor(statusTone(status));
}

/** The theme's colour for a readiness level (a CSS variable): L0 red … L3 green. */
export function levelColor(level: ReadinessLevel): string {
  return toneColor(levelTone(level));
}

/** Short human wording of a status. */
export const STATUS_LABELS: Record<CheckStatus, string> = {
  pass: 'pass',
  warn: 'warn',
  fail: 'fail',
  'not-applicable': 'n/a',
  unknown: 'unknown',
};
