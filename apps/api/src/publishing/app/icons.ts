import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { textOn } from './colors';

const require = createRequire(import.meta.url);
const boldFont = () => path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSans-Bold.ttf');

/** The app's icons: the manifest's 192 and 512 (`any`), a 512 `maskable`, and Apple's 180 touch icon. */
export const APP_ICONS = [
  { path: 'icons/icon-192.png', size: 192, purpose: 'any' },
  { path: 'icons/icon-512.png', size: 512, purpose: 'any' },
  { path: 'icons/maskable-512.png', size: 512, purpose: 'maskable' },
  { path: 'icons/apple-touch-icon.png', size: 180, purpose: 'apple' },
] as const;
export type AppIcon = (typeof APP_ICONS)[number];

/** Up to two letters standing for a name: the first letters of its first two words (`Luxe Los Angeles` → `LL`). */
export function initialsOf(name: string): string {
  const words = name
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const letters = words.slice(0, 2).map((w) => [...w][0] ?? '');
  return (letters.join('') || '?').toLocaleUpperCase();
}

const escapeMarkup = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * One square icon: the logo (contained, on the theme colour) or the initials (in white or
 * near-black, whichever reads better). A `maskable` icon keeps its content inside the central
 * 60% (the safe zone is the central circle of 80%); the others use 80%; Apple's is opaque.
 */
export async function renderIcon(icon: { size: number; purpose: AppIcon['purpose'] }, input: { name: string; theme: string; logo?: Buffer | null }): Promise<Buffer> {
  const { size } = icon;
  const inner = Math.round(size * (icon.purpose === 'maskable' ? 0.6 : 0.8));
  const content = input.logo
    ? await sharp(input.logo).resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer()
    : await sharp({
        text: {
          text: `<span foreground="${textOn(input.theme)}">${escapeMarkup(initialsOf(input.name))}</span>`,
          font: 'DejaVu Sans Bold',
          fontfile: boldFont(),
          rgba: true,
          width: Math.round(inner * 0.8),
          height: Math.round(inner * 0.6),
        },
      })
        .png()
        .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: input.theme } })
    .composite([{ input: content, gravity: 'centre' }])
    .flatten({ background: input.theme })
    .png({ compressionLevel: 9 })
    .toBuffer();
}
