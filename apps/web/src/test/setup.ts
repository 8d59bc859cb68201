import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installSdk } from '../app/sdk';
import { toasts } from '../app/toasts';

// jsdom has no layout: headlessui's anchored popovers only need ResizeObserver to exist.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  cleanup();
  toasts.clear();
  installSdk(null);
  localStorage.clear();
});
