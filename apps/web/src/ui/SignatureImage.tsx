/** A drawn signature: strokes of `[x, y]` points on a `width` × `height` canvas. */
export interface SignatureImageProps {
  strokes: readonly (readonly (readonly [number, number])[])[];
  width: number;
  height: number;
  /** What a screen reader says (`Signature of Ava Patel`). */
  label: string;
  className?: string;
}

/** Draws the points of one stroke as an SVG path; a single point is a dot. */
export const strokePath = (stroke: readonly (readonly [number, number])[]): string => {
  const [first, ...rest] = stroke;
  if (!first) return '';
  if (rest.length === 0) return `M${first[0]} ${first[1]}h0.1`;
  return `M${first[0]} ${first[1]}${rest.map(([x, y]) => `L${x} ${y}`).join('')}`;
};

/** A signature as drawn, scaled to its container's width (an image; it knows nothing of where it came from). */
export function SignatureImage({ strokes, width, height, label, className }: SignatureImageProps) {
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${width} ${height}`} className={className ?? 'w-full max-w-md rounded-md border border-slate-200 bg-white'}>
      {strokes.map((stroke, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: strokes never reorder
        <path key={i} d={strokePath(stroke)} fill="none" stroke="#0f172a" strokeWidth={3} strokeLinecap="round" strokeLinejoin="round" />
      ))}
    </svg>
  );
}
