import { type PointerEvent, useRef } from 'react';
import { Button } from './Button';
import { strokePath } from './SignatureImage';

type Point = [number, number];

export interface SignaturePadProps {
  /** The strokes drawn so far (controlled). */
  strokes: readonly Point[][];
  onChange: (strokes: Point[][]) => void;
  /** The canvas in whole units (points are kept in these units whatever the size on screen). */
  width: number;
  height: number;
  label: string;
  /** Why the signature is refused (`Draw your signature`). */
  error?: string | null;
  /** Most points kept in all; drawing stops adding points beyond it. */
  maxPoints?: number;
  disabled?: boolean;
}

/**
 * Draw a signature with a finger, pen or mouse (pointer events). Points are whole canvas units,
 * so what is kept does not depend on the screen; Clear starts again.
 */
export function SignaturePad({ strokes, onChange, width, height, label, error, maxPoints = 5_000, disabled = false }: SignaturePadProps) {
  const svg = useRef<SVGSVGElement>(null);
  const drawing = useRef(false);
  const total = strokes.reduce((n, s) => n + s.length, 0);

  const pointOf = (event: PointerEvent<SVGSVGElement>): Point => {
    const box = svg.current?.getBoundingClientRect();
    const w = box && box.width > 0 ? box.width : width;
    const h = box && box.height > 0 ? box.height : height;
    const x = Math.round(((event.clientX - (box?.left ?? 0)) / w) * width);
    const y = Math.round(((event.clientY - (box?.top ?? 0)) / h) * height);
    return [Math.min(width, Math.max(0, x)), Math.min(height, Math.max(0, y))];
  };

  const start = (event: PointerEvent<SVGSVGElement>) => {
    if (disabled || total >= maxPoints) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drawing.current = true;
    onChange([...strokes.map((s) => [...s]), [pointOf(event)]]);
  };
  const move = (event: PointerEvent<SVGSVGElement>) => {
    if (!drawing.current || total >= maxPoints) return;
    const point = pointOf(event);
    const last = strokes[strokes.length - 1];
    const previous = last?.[last.length - 1];
    if (!last || (previous && previous[0] === point[0] && previous[1] === point[1])) return;
    onChange([...strokes.slice(0, -1), [...last, point]]);
  };
  const end = () => {
    drawing.current = false;
  };

  const describedBy = error ? 'signature-pad-error' : 'signature-pad-hint';
  return (
    <div>
      <div className="flex items-center justify-between">
        <span className="text-sm font-medium text-slate-900">{label}</span>
        <Button variant="ghost" size="sm" type="button" onClick={() => onChange([])} disabled={disabled || strokes.length === 0}>
          Clear signature
        </Button>
      </div>
      <svg
        ref={svg}
        role="img"
        aria-label={`${label}: ${strokes.length === 0 ? 'empty' : 'signed'}`}
        aria-describedby={describedBy}
        viewBox={`0 0 ${width} ${height}`}
        className={`mt-1 w-full touch-none rounded-md border bg-white ${error ? 'border-red-500' : 'border-slate-300'} ${disabled ? 'opacity-60' : 'cursor-crosshair'}`}
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        onPointerLeave={end}
      >
        <line x1={width * 0.05} x2={width * 0.95} y1={height * 0.8} y2={height * 0.8} stroke="#cbd5e1" strokeDasharray="6 6" />
        {strokes.map((stroke, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: strokes never reorder
          <path key={i} d={strokePath(stroke)} fill="none" stroke="#0f172a" strokeWidth={3} strokeLinecap="round" strokeLinejoin="round" />
        ))}
      </svg>
      {error ? (
        <p id="signature-pad-error" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : (
        <p id="signature-pad-hint" className="mt-1 text-sm text-slate-500">
          Sign with your finger, a pen or the mouse above the line.
        </p>
      )}
    </div>
  );
}
