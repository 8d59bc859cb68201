import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SiteFile, type SiteFiles, type SiteInput, siteFilesProblem } from '../files';
import { contrast } from './colors';
import { initialsOf } from './icons';
import { renderApp } from './renderApp';

const input: SiteInput = {
  business: {
    id: 1,
    name: 'Luxe Los Angeles',
    webcode: 'luxe-la',
    address: '100 Sunset Blvd, Los Angeles, CA',
    phone: '+1 (323) 555-0100',
    timezone: 'America/Los_Angeles',
    currency: 'USD',
    currencySymbol: '$',
    language: 'en',
  },
  hours: [0, 1, 2, 3, 4, 5, 6].map((dow) => ({ dow, open: dow !== 0, start: '09:00', end: '18:00' })),
  categories: [
    { id: 1, name: 'Hair', services: [{ id: 1, name: 'Haircut & <style>', description: null, priceCents: 4500, durationMinutes: 45, image: null, bookingUrl: null }] },
    { id: 2, name: 'Colour', services: [{ id: 2, name: 'Balayage', description: null, priceCents: 18_000, durationMinutes: 150, image: null, bookingUrl: null }] },
    { id: 3, name: 'Empty', services: [] },
  ],
  staff: [],
  images: {},
  bookingUrl: 'https://book.example/s/abc123',
  siteUrl: 'https://sites.example/sites/luxe-la/app/',
  websiteUrl: 'https://sites.example/sites/luxe-la/',
  appUrl: 'https://sites.example/sites/luxe-la/app/',
  version: { id: 7, number: 3 },
  builtAt: new Date('2026-01-05T10:00:00Z'),
};

const file = (files: SiteFiles, path: string): SiteFile & { body: Buffer } => {
  const found = files[path];
  if (!found) throw new Error(`${path} was not rendered`);
  return { ...found, body: Buffer.from(found.body) };
};
const text = (files: SiteFiles, path: string) => file(files, path).body.toString('utf8');
const pixel = async (png: Buffer, x: number, y: number) => {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return `#${[data[i], data[i + 1], data[i + 2]].map((c) => (c ?? 0).toString(16).padStart(2, '0')).join('')}`;
};

describe('renderApp', () => {
  let files: SiteFiles;
  beforeAll(async () => {
    files = await renderApp(input);
  });

  it('writes a manifest with the business name, colours, a relative start and scope, and 192, 512 and maskable icons of those sizes', async () => {
    const manifest = JSON.parse(text(files, 'manifest.webmanifest')) as Record<string, any>;
    expect(file(files, 'manifest.webmanifest').contentType).toBe('application/manifest+json');
    expect(manifest).toMatchObject({ name: 'Luxe Los Angeles', start_url: './', scope: './', display: 'standalone', background_color: '#ffffff' });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(contrast(manifest.theme_color, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of icons) {
      const meta = await sharp(file(files, icon.src).body).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
      expect(meta.format).toBe('png');
    }
    // Opaque, the theme colour to the edges (a maskable icon is cut to any shape).
    const maskable = file(files, 'icons/maskable-512.png').body;
    expect(await pixel(maskable, 0, 0)).toBe(manifest.theme_color);
    expect(await pixel(maskable, 511, 511)).toBe(manifest.theme_color);
    expect((await sharp(file(files, 'icons/apple-touch-icon.png').body).metadata()).width).toBe(180);
  });

  it('draws the initials in a colour readable on the theme, and the logo when there is one', async () => {
    expect(initialsOf('Luxe Los Angeles')).toBe('LL');
    expect(initialsOf('  élan  spa')).toBe('ÉS');
    expect(initialsOf('***')).toBe('?');
    const initials = file(files, 'icons/icon-512.png').body;
    const { data } = await sharp(initials).raw().toBuffer({ resolveWithObject: true });
    const white = data.filter((_, i) => i % 4 === 0 && data[i] === 255 && data[i + 1] === 255 && data[i + 2] === 255).length;
    expect(white).toBeGreaterThan(1000); // the letters

    const logo = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#ff0000' } }).png().toBuffer();
    const withLogo = await renderApp(input, { logo, colors: { theme: '#fef3c7', background: '#fffbeb' } });
    const icon = file(withLogo, 'icons/icon-512.png').body;
    expect(await pixel(icon, 256, 256)).toBe('#ff0000');
    expect(await pixel(icon, 2, 2)).toBe('#fef3c7');
    const manifest = JSON.parse(text(withLogo, 'manifest.webmanifest')) as Record<string, unknown>;
    expect(manifest).toMatchObject({ theme_color: '#fef3c7', background_color: '#fffbeb' });
  });

  it('puts services with prices by category, hours, contact and the booking link in the home page, escaped', () => {
    const home = text(files, 'index.html');
    expect(home).toContain('<h3>Hair</h3>');
    expect(home).toContain('Haircut &amp; &lt;style&gt;');
    expect(home).not.toContain('<style>');
    expect(home).toContain('$45.00');
    expect(home).toContain('$180.00');
    expect(home).not.toContain('<h3>Empty</h3>');
    expect(home).toContain('9:00 AM – 6:00 PM');
    expect(home).toMatch(/Sunday<\/th><td>Closed/);
    expect(home).toContain('href="https://sites.example/sites/luxe-la/"');
    expect(home).toContain('href="https://book.example/s/abc123"');
    expect(home).toContain('<link rel="manifest" href="manifest.webmanifest">');
    const install = text(files, 'install.html');
    expect(install).toContain('Add to Home Screen');
    expect(install).toContain('Install app');
  });

  it('names the service worker cache after the version and lists every file it keeps', () => {
    const worker = text(files, 'sw.js');
    expect(worker).toContain('"salondesk-app-luxe-la-v3"');
    for (const path of Object.keys(files).filter((p) => p !== 'sw.js')) expect(worker).toContain(JSON.stringify(path));
    // Not immutable: served with revalidation, so a browser finds a new version's worker.
    expect(Object.values(files).some((f) => f.immutable)).toBe(false);
    expect(siteFilesProblem(files)).toBeNull();
  });

  it('gives the same files for the same input', async () => {
    const again = await renderApp(input);
    const bytes = (f: SiteFiles) => Object.entries(f).map(([path, { body }]) => [path, Buffer.from(body).toString('base64')]);
    expect(bytes(again)).toEqual(bytes(files));
  });
});

