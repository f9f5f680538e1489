/**
 * WCAG 2 contrast of two sRGB colours (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio):
 * AA asks 4.5:1 for normal text, 3:1 for large text and for focus indicators.
 */

/** `#rgb` or `#rrggbb` as [r, g, b] in 0–255; throws on anything else. */
export function parseHexColor(color: string): [number, number, number] {
  const hex = color.trim().replace(/^#/, '');
  const full =
    hex.length === 3
      ? hex
          .split('')
          .map(c => c + c)
          .join('')
      : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) {
    throw new Error(`Not a hex colour: ${color}`);
  }
  return [0, 2, 4].map(i => parseInt(full.slice(i, i + 2), 16)) as [
    number,
    number,
    number,
  ];
}

/** Relative luminance of a hex colour, 0 (black) … 1 (white). */
export function relativeLuminance(color: string): number {
  const [r, g, b] = parseHexColor(color).map(channel => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio of two hex colours, 1 … 21, whichever is lighter. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort(
    (x, y) => y - x,
  );
  return (light + 0.05) / (dark + 0.05);
}
