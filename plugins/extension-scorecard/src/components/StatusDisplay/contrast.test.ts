// The test reads the stylesheet @backstage/ui ships (jest stubs `.css` imports).
// eslint-disable-next-line no-restricted-imports
import { readFileSync } from 'fs';
// eslint-disable-next-line no-restricted-imports
import { join } from 'path';
import { darkTheme, lightTheme } from '@backstage/theme';
import {
  CHECK_STATUSES,
  LEVELS,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { contrastRatio, relativeLuminance } from './contrast';
import { levelChipColors } from './LevelChip';
import { statusChipColors } from './StatusChip';
import { Tone, toneSurface, toneText } from './statusColors';
import { READABLE_TEXT, readableTextCss } from '../shared/readableText';

/** The stylesheet apps import as '@backstage/ui/css/styles.css'. */
const STYLES = 'dist/css/styles.css';

/**
 * The @backstage/ui tokens of one theme mode, read from the stylesheet the app
 * loads: `:root` first, then the mode's own block (as `data-theme-mode` selects it).
 */
function buiTokens(mode: 'light' | 'dark'): Map<string, string> {
  // (jest maps `.css` imports to a stub: find the file beside the package's entry)
  const entry = require.resolve('@backstage/ui');
  const file = join(entry.slice(0, entry.lastIndexOf('dist')), STYLES);
  const css = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const tokens = new Map<string, string>();
  const blocks = [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)];
  const apply = (selects: (selector: string) => boolean) => {
    for (const [, selector, body] of blocks) {
      if (!selects(selector.trim())) continue;
      for (const [, name, value] of body.matchAll(
        /(--bui-[\w-]+)\s*:\s*([^;]+);/g,
      )) {
        tokens.set(name, value.trim());
      }
    }
  };
  apply(selector => /(^|,)\s*:root\s*(,|$)/.test(selector));
  apply(selector => selector.includes(`[data-theme-mode='${mode}']`));
  return tokens;
}

/** A colour as hex, following `var(--bui-…)` references through the tokens. */
function resolve(value: string, tokens: Map<string, string>): string {
  let current = value.trim();
  for (let depth = 0; depth < 10; depth++) {
    const ref = /^var\((--bui-[\w-]+)\)$/.exec(current);
    if (!ref) return current;
    const next = tokens.get(ref[1]);
    if (!next) throw new Error(`No token ${ref[1]}`);
    current = next;
  }
  throw new Error(`Token cycle at ${value}`);
}

const THEMES = [
  { name: 'light', theme: lightTheme },
  { name: 'dark', theme: darkTheme },
];

describe('contrast helper', () => {
  it('computes WCAG ratios', () => {
    expect(relativeLuminance('#fff')).toBeCloseTo(1);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
    expect(contrastRatio('#777', '#fff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(() => contrastRatio('red', '#fff')).toThrow('Not a hex colour');
  });
});

describe.each(THEMES)('chip contrast in the $name theme', ({ theme }) => {
  const mode = theme.palette.type;
  const tokens = buiTokens(mode);
  // InfoCards are MUI Papers: chips and text sit on the theme's paper colour.
  const card = theme.palette.background.paper;
  const ratio = (color: string, background: string) =>
    contrastRatio(
      resolve(color, tokens),
      background === 'transparent' ? card : resolve(background, tokens),
    );

  it('reads the stylesheet of this mode', () => {
    expect(mode).toMatch(/^(light|dark)$/);
    expect(resolve('var(--bui-fg-primary)', tokens)).toBe(
      mode === 'dark' ? '#ffffff' : '#000000',
    );
  });

  it.each([...CHECK_STATUSES])('status chip "%s" reaches 4.5:1', status => {
    const plain = statusChipColors(status);
    expect(ratio(plain.color, plain.background)).toBeGreaterThanOrEqual(4.5);
    const waived = statusChipColors(status, true);
    expect(ratio(waived.color, waived.background)).toBeGreaterThanOrEqual(4.5);
  });

  it.each([...LEVELS])('level chip L%s reaches 4.5:1', level => {
    const colors = levelChipColors(level);
    expect(ratio(colors.color, colors.background)).toBeGreaterThanOrEqual(4.5);
  });

  it.each<Tone>(['danger', 'warning', 'success', 'info', 'neutral'])(
    'every surface of the %s tone (chips, heat-map cells) reaches 4.5:1',
    tone => {
      for (const strength of ['solid', 'subdued'] as const) {
        const surface = toneSurface(tone, strength);
        expect(ratio(surface.color, surface.background)).toBeGreaterThanOrEqual(
          4.5,
        );
      }
    },
  );

  it.each<Tone>(['danger', 'warning', 'success', 'info', 'neutral'])(
    'text in the %s tone on a card (e.g. "2 hard gates") reaches 4.5:1',
    tone => {
      expect(ratio(toneText(tone), 'transparent')).toBeGreaterThanOrEqual(4.5);
    },
  );
});

describe("the plugin region's text colours", () => {
  // the surfaces the plugin's text sits on: core-components' cards (MUI paper) and
  // @backstage/ui's app background and first two neutrals, per mode
  const surfaces = (mode: 'light' | 'dark') => {
    const tokens = buiTokens(mode);
    return [
      mode === 'light' ? '#ffffff' : '#424242',
      ...['--bui-bg-app', '--bui-bg-neutral-1', '--bui-bg-neutral-2'].map(
        name => resolve(`var(${name})`, tokens),
      ),
    ];
  };

  it.each(['light', 'dark'] as const)(
    'reach 4.5:1 on every surface in the %s theme',
    mode => {
      const low: string[] = [];
      for (const [name, color] of Object.entries(READABLE_TEXT[mode])) {
        for (const surface of surfaces(mode)) {
          const ratio = contrastRatio(color, surface);
          if (ratio < 4.5) low.push(`${name} ${color} on ${surface}: ${ratio}`);
        }
      }
      expect(surfaces(mode).every(s => /^#[0-9a-f]{6}$/i.test(s))).toBe(true);
      expect(low).toEqual([]);
    },
  );

  it('replace tokens that fall below 4.5:1 on a card', () => {
    // what the stylesheet declares is too faint there: the reason for the override
    expect(
      contrastRatio(buiTokens('light').get('--bui-fg-danger')!, '#ffffff'),
    ).toBeLessThan(4.5);
    expect(
      contrastRatio(buiTokens('dark').get('--bui-fg-secondary')!, '#424242'),
    ).toBeLessThan(4.5);
    expect(readableTextCss('[x]')).toContain(
      "[data-theme-mode='dark'] [x] { --bui-fg-secondary: #c8c8c8;",
    );
  });
});
