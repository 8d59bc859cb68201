import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installSdk } from '../app/sdk';
import { toasts } from '../app/toasts';

afterEach(() => {
  cleanup();
  toasts.clear();
  installSdk(null);
  localStorage.clear();
});
