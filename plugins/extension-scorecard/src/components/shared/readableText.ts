/**
 * Text colours the plugin's views read with on both themes.
 *
 * @backstage/ui's text tokens are chosen for its own surfaces; the plugin also draws on
 * core-components' cards (MUI paper: #ffffff light, #424242 dark), where some fall
 * below WCAG AA's 4.5:1 for body text: danger #ec3b18 on white (4.03:1), secondary
 * #a3a3a3 (3.98:1) and danger #ff5a30 (3.23:1) on #424242, warning #f18900 on either.
 * Inside the plugin's region these tokens are re-declared with colours of the same hue
 * that reach 4.5:1 on white and the light neutrals (light), and on #424242 and
 * --bui-bg-neutral-2 #504f4f (dark); contrast.test.ts checks every pair.
 */
export const READABLE_TEXT: Record<'light' | 'dark', Record<string, string>> = {
  light: {
    '--bui-fg-danger': '#c62828',
    '--bui-fg-warning': '#a35c00',
    '--bui-fg-success': '#17803d',
  },
  dark: {
    '--bui-fg-secondary': '#c8c8c8',
    '--bui-fg-danger': '#ffb3a3',
    '--bui-fg-warning': '#ffb454',
  },
};

/** The stylesheet re-declaring the tokens under `scope` in each theme mode. */
export function readableTextCss(scope: string): string {
  return (['light', 'dark'] as const)
    .map(
      mode =>
        `[data-theme-mode='${mode}'] ${scope} { ${Object.entries(
          READABLE_TEXT[mode],
        )
          .map(([name, value]) => `${name}: ${value};`)
          .join(' ')} }`,
    )
    .join('\n');
}
