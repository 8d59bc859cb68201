import { useEffect, useState } from 'react';
import { cx } from '../../../ui/cx';

export interface AppInstallInstructionsProps {
  /** The app's install page (where a phone opens it and adds it to the home screen). */
  url: string;
  /** The business's name, as the app is called on the phone. */
  appName: string;
  className?: string;
}

/** Draws the address as a QR code (SVG) with bwip-js, loaded only when the instructions are shown. */
async function drawQr(text: string): Promise<string> {
  const bwip = await import('@bwip-js/browser');
  return bwip.qrcode({ bcid: 'qrcode', text, scale: 3 }, bwip.drawingSVG());
}

/**
 * How clients put the business's app on their phone: the install page's address (a link, and a QR
 * code drawn by bwip-js to scan with the phone's camera), then the steps on an iPhone or iPad
 * (Safari's Share, "Add to Home Screen") and on Android (Chrome's "Install app").
 */
export function AppInstallInstructions({ url, appName, className }: AppInstallInstructionsProps) {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setQr(null);
    drawQr(url).then(
      (svg) => live && setQr(svg),
      () => undefined, // The link and the steps are enough without the picture.
    );
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <div className={cx('grid gap-6 sm:grid-cols-[10rem_1fr]', className)}>
      <div className="flex flex-col items-center gap-2">
        {qr ? (
          // bwip-js's own SVG of the address: no markup of anyone's reaches it.
          <div className="size-40 [&>svg]:size-full" role="img" aria-label={`QR code of ${url}`} dangerouslySetInnerHTML={{ __html: qr }} />
        ) : (
          <div className="size-40 animate-pulse rounded bg-slate-100" aria-hidden="true" />
        )}
        <p className="text-center text-xs text-slate-600">Scan with the phone's camera</p>
      </div>
      <div className="min-w-0 space-y-4 text-sm text-slate-800">
        <p>
          Install page:{' '}
          <a href={url} target="_blank" rel="noreferrer" className="break-all font-medium text-brand-700 underline-offset-2 hover:underline">
            {url}
          </a>
        </p>
        <section aria-labelledby="install-ios">
          <h3 id="install-ios" className="font-semibold text-slate-900">
            iPhone and iPad
          </h3>
          <ol className="mt-1 list-decimal space-y-0.5 pl-5">
            <li>Open the install page in Safari.</li>
            <li>Tap Share (the square with an arrow).</li>
            <li>Tap “Add to Home Screen”, then Add: {appName} appears with the other apps.</li>
          </ol>
        </section>
        <section aria-labelledby="install-android">
          <h3 id="install-android" className="font-semibold text-slate-900">
            Android
          </h3>
          <ol className="mt-1 list-decimal space-y-0.5 pl-5">
            <li>Open the install page in Chrome.</li>
            <li>Tap “Install app” when Chrome offers it, or open the ⋮ menu and choose “Install app” (or “Add to Home screen”).</li>
            <li>Confirm: {appName} opens like any app, and its hours and services work offline.</li>
          </ol>
        </section>
      </div>
    </div>
  );
}
