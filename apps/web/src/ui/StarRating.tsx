export interface StarRatingProps {
  /** Filled stars. */
  filled: number;
  /** Star slots. */
  slots: number;
  /** Read out instead of the stars: "4 of 10 points, 40%". */
  label: string;
}

/** More slots than this draw smaller stars, so a threshold of 50 still fits a card in a few rows. */
const COMPACT_AFTER = 20;

/** Loyalty stars: `slots` stars (as many as the threshold, however many), `filled` of them coloured, wrapping onto rows. */
export function StarRating({ filled, slots, label }: StarRatingProps) {
  const size = slots > COMPACT_AFTER ? 'size-3' : 'size-4';
  return (
    <span role="img" aria-label={label} className="inline-flex max-w-full flex-wrap gap-0.5">
      {Array.from({ length: slots }, (_, i) => (
        <svg key={i} viewBox="0 0 20 20" className={`${size} shrink-0 ${i < filled ? 'fill-amber-400' : 'fill-slate-200'}`} aria-hidden="true">
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </span>
  );
}
