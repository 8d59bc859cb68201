import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Files for the media library's tests, the fuzzer and the demo, made here rather than kept as
 * binaries: real images of each accepted type, and the hostile files an upload must refuse.
 */

/** A real photo-like image: a gradient with a disc, `width`×`height`, in `format`; EXIF with an owner's name when asked. */
export async function sampleImage(
  format: 'jpeg' | 'png' | 'webp' | 'gif',
  options: { width?: number; height?: number; hue?: number; exif?: boolean; subject?: 'portrait' | 'still' } = {},
): Promise<Buffer> {
  const width = options.width ?? 640;
  const height = options.height ?? 480;
  const hue = options.hue ?? 200;
  const light = `hsl(${(hue + 180) % 360},40%,85%)`;
  const subject =
    options.subject === 'still'
      ? // A still life: a bottle, a jar and a folded towel on a shelf.
        `<rect x="0" y="${height * 0.72}" width="${width}" height="${height * 0.28}" fill="hsl(${hue},25%,30%)"/>
         <rect x="${width * 0.22}" y="${height * 0.3}" width="${width * 0.14}" height="${height * 0.42}" rx="${width * 0.03}" fill="${light}"/>
         <rect x="${width * 0.26}" y="${height * 0.22}" width="${width * 0.06}" height="${height * 0.1}" fill="hsl(${hue},30%,20%)"/>
         <ellipse cx="${width * 0.55}" cy="${height * 0.62}" rx="${width * 0.1}" ry="${height * 0.1}" fill="hsl(${(hue + 120) % 360},45%,75%)"/>
         <rect x="${width * 0.66}" y="${height * 0.6}" width="${width * 0.22}" height="${height * 0.12}" rx="${height * 0.02}" fill="white" opacity="0.85"/>`
      : `<circle cx="${width / 2}" cy="${height * 0.42}" r="${Math.min(width, height) * 0.2}" fill="${light}"/>
         <ellipse cx="${width / 2}" cy="${height * 1.02}" rx="${width * 0.34}" ry="${height * 0.36}" fill="hsl(${(hue + 180) % 360},35%,80%)"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,70%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},55%,35%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    ${subject}
  </svg>`;
  let image = sharp(Buffer.from(svg));
  if (options.exif) image = image.withExif({ IFD0: { Copyright: 'Secret Owner', ImageDescription: 'Taken at 40.7128 N, 74.0060 W', Artist: 'Secret Owner' } });
  return image.toFormat(format).toBuffer();
}

/** An SVG with a script in it. */
export const SVG_WITH_SCRIPT = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>fetch("/steal?c="+document.cookie)</script><rect width="10" height="10"/></svg>');

/** An HTML page (sent under an image's name). */
export const HTML_PAGE = Buffer.from('<!doctype html><html><head><title>x</title></head><body><script>alert(document.cookie)</script></body></html>');

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/**
 * A decompression bomb: a valid PNG of `side`×`side` one-bit pixels, all zero, that a few hundred
 * kilobytes hold and that would decode to `side`² pixels (30,000: 900 megapixels, gigabytes of memory).
 */
const bombs = new Map<number, Buffer>();
export function pngBomb(side = 30_000): Buffer {
  const made = bombs.get(side);
  if (made) return made;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const row = Math.ceil(side / 8) + 1; // filter byte + packed pixels
  const raw = Buffer.alloc(row * side); // all zero: filter 0, black pixels
  const idat = deflateSync(raw, { level: 9 });
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
  bombs.set(side, png);
  return png;
}
