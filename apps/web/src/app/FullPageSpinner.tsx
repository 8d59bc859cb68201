import { Spinner } from '../ui/Spinner';

/** Shown while a screen's code or the stored session is loading. */
export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center text-brand-600">
      <Spinner size="lg" label={label} />
    </div>
  );
}
