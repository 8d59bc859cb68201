export type ToastTone = 'success' | 'error' | 'info';

export interface ToastItem {
  id: number;
  tone: ToastTone;
  message: string;
  /** Milliseconds before it goes away on its own; 0 keeps it until dismissed. */
  duration: number;
}

export interface ToastStoreOptions {
  /** Injected timers (tests pass fakes). */
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  /** How many toasts show at once; the oldest goes first. */
  limit?: number;
  durations?: Partial<Record<ToastTone, number>>;
}

export interface ToastStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): readonly ToastItem[];
  show(toast: { tone: ToastTone; message: string; duration?: number }): number;
  success(message: string): number;
  error(message: string): number;
  dismiss(id: number): void;
  /** Stops the auto-dismiss clock while the reader hovers or focuses the toast. */
  pause(id: number): void;
  resume(id: number): void;
  clear(): void;
}

const DEFAULT_DURATIONS: Record<ToastTone, number> = { success: 4000, info: 5000, error: 7000 };

/** The toast queue: one store, subscribed to by the Toaster. Showing the same message again restarts it. */
export function createToastStore(options: ToastStoreOptions = {}): ToastStore {
  const setTimer = options.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms));
  const clearTimer = options.clearTimeout ?? ((handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>));
  const limit = options.limit ?? 4;
  const durations = { ...DEFAULT_DURATIONS, ...options.durations };
  const listeners = new Set<() => void>();
  const timers = new Map<number, unknown>();
  let toasts: readonly ToastItem[] = [];
  let nextId = 1;

  const emit = () => {
    for (const listener of [...listeners]) listener();
  };
  const stopTimer = (id: number) => {
    if (timers.has(id)) clearTimer(timers.get(id));
    timers.delete(id);
  };
  const startTimer = (toast: ToastItem) => {
    stopTimer(toast.id);
    if (toast.duration > 0) timers.set(toast.id, setTimer(() => store.dismiss(toast.id), toast.duration));
  };

  const store: ToastStore = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => toasts,
    show({ tone, message, duration }) {
      const existing = toasts.find((t) => t.tone === tone && t.message === message);
      if (existing) {
        startTimer(existing);
        return existing.id;
      }
      const toast: ToastItem = { id: nextId++, tone, message, duration: duration ?? durations[tone] };
      const kept = [...toasts, toast];
      for (const dropped of kept.slice(0, Math.max(0, kept.length - limit))) stopTimer(dropped.id);
      toasts = kept.slice(-limit);
      startTimer(toast);
      emit();
      return toast.id;
    },
    success: (message) => store.show({ tone: 'success', message }),
    error: (message) => store.show({ tone: 'error', message }),
    dismiss(id) {
      stopTimer(id);
      if (!toasts.some((t) => t.id === id)) return;
      toasts = toasts.filter((t) => t.id !== id);
      emit();
    },
    pause: stopTimer,
    resume(id) {
      const toast = toasts.find((t) => t.id === id);
      if (toast) startTimer(toast);
    },
    clear() {
      for (const id of [...timers.keys()]) stopTimer(id);
      toasts = [];
      emit();
    },
  };
  return store;
}
