import { Toast } from './Toast';
import type { ToastItem } from './toastStore';

export interface ToasterProps {
  toasts: readonly ToastItem[];
  onDismiss: (id: number) => void;
  onPause?: (id: number) => void;
  onResume?: (id: number) => void;
}

/**
 * Where toasts appear: bottom of the screen on phones, top right on wider screens. The list is a
 * polite live region that is always in the page, so new toasts are announced.
 */
export function Toaster({ toasts, onDismiss, onPause, onResume }: ToasterProps) {
  return (
    <section aria-label="Notifications" className="pointer-events-none fixed inset-x-0 bottom-0 z-50 p-4 print:hidden sm:inset-x-auto sm:top-14 sm:right-0 sm:bottom-auto sm:w-96">
      <ol aria-live="polite" aria-relevant="additions" className="flex flex-col gap-2">
        {toasts.map((toast) => (
          <li key={toast.id} className="animate-toast-in">
            <Toast
              tone={toast.tone}
              message={toast.message}
              onDismiss={() => onDismiss(toast.id)}
              onPause={onPause ? () => onPause(toast.id) : undefined}
              onResume={onResume ? () => onResume(toast.id) : undefined}
            />
          </li>
        ))}
      </ol>
    </section>
  );
}
