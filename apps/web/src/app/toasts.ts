import { useSyncExternalStore } from 'react';
import { createToastStore } from '../ui/toastStore';

/** The dashboard's one toast queue. Screens call `toasts.success(MESSAGES.x)` / `toasts.error(error.message)`. */
export const toasts = createToastStore();

export const useToasts = () => useSyncExternalStore(toasts.subscribe, toasts.getSnapshot, toasts.getSnapshot);
