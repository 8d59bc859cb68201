import { useEffect, useState } from 'react';

export type LabelFormat = 'ean13' | 'upca' | 'code128';

export interface BarcodeLabelProps {
  /** The code as stored (a valid EAN-13, UPC-A or Code 128 text). */
  code: string;
  format: LabelFormat;
  /** The product's name and price, printed above and below the bars. */
  name: string;
  price?: string;
  className?: string;
}

/** Draws a barcode as SVG with bwip-js, loaded only when a label is shown (it is large). */
async function drawBars(code: string, format: LabelFormat): Promise<string> {
  const bwip = await import('@bwip-js/browser');
  const options = { bcid: format, text: code, scale: 2, height: 12, includetext: true, textxalign: 'center' as const };
  if (format === 'ean13') return bwip.ean13(options, bwip.drawingSVG());
  if (format === 'upca') return bwip.upca(options, bwip.drawingSVG());
  return bwip.code128(options, bwip.drawingSVG());
}

/**
 * A printable shelf label: the product's name, its barcode drawn by bwip-js (a well-kept
 * generator; the bars are never drawn by hand) and its price. Prints as it is shown.
 */
export function BarcodeLabel({ code, format, name, price, className }: BarcodeLabelProps) {
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setSvg(null);
    setFailed(false);
    drawBars(code, format).then(
      (drawn) => live && setSvg(drawn),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [code, format]);
  return (
    <figure className={`inline-flex w-64 flex-col items-center gap-1 rounded-lg bg-white p-3 text-center ring-1 ring-slate-300 print:ring-0 ${className ?? ''}`} aria-label={`Label for ${name}`}>
      <figcaption className="w-full truncate text-sm font-semibold text-slate-900">{name}</figcaption>
      {failed ? (
        <p role="alert" className="text-sm text-rose-700">This barcode cannot be drawn: {code}</p>
      ) : svg ? (
        // bwip-js's own SVG, made from a validated code: no markup of the user's reaches it.
        <div className="w-full [&>svg]:h-auto [&>svg]:w-full" role="img" aria-label={`Barcode ${code}`} dangerouslySetInnerHTML={{ __html: svg }} />
      ) : (
        <div className="h-20 w-full animate-pulse rounded bg-slate-100" aria-busy="true" aria-label="Drawing the barcode" />
      )}
      {price ? <p className="text-base font-semibold tabular-nums text-slate-900">{price}</p> : null}
    </figure>
  );
}
