import { useEffect } from 'react';
import { toasts } from './toasts';

/** Shows a query's failure once as an error toast: the server's message, else the call's catalogue default. */
export function useErrorToast(error: Error | null | undefined): void {
  useEffect(() => {
    if (error) toasts.error(error.message);
  }, [error]);
}
