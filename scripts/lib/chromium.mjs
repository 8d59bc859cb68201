// Finds the Chromium the browser journeys drive (Debian's `chromium` by default), installing it
// with apt-get when it is missing and we may (root on Debian, as in CI).
import { existsSync } from 'node:fs';
import { run, which } from './run.mjs';

export async function ensureChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', which('chromium', 'chromium-browser', 'google-chrome')];
  const found = candidates.find((p) => p && existsSync(p));
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && which('apt-get')) {
    console.log('▶ Installing Debian chromium for the browser journeys (apt-get)…');
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    if ((await run('apt-get', ['update', '-qq'], { env, quiet: true })) === 0 && (await run('apt-get', ['install', '-y', '-qq', 'chromium'], { env, quiet: true })) === 0 && existsSync('/usr/bin/chromium')) {
      return '/usr/bin/chromium';
    }
  }
  console.error(
    '✖ The browser journeys need Chromium and none was found.\n' +
      '  Install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
  process.exit(1);
}
