/** Dark colours a name is given when the business chose none: white text on each has a contrast of at least 7:1. */
const PALETTE = ['#1e3a8a', '#14532d', '#581c87', '#831843', '#134e4a', '#7c2d12', '#312e81', '#3f3f46'] as const;

/** A colour of the palette for this name, always the same one. */
export function colourForName(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? PALETTE[0];
}

/** WCAG relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** WCAG contrast ratio of two `#rrggbb` colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** White or near-black, whichever reads better on `background`. */
export const textOn = (background: string): string => (contrast(background, '#ffffff') >= contrast(background, '#0f172a') ? '#ffffff' : '#0f172a');

/** Is it a `#rrggbb` colour? */
export const isHexColour = (value: string): boolean => /^#[0-9a-fA-F]{6}$/.test(value);
