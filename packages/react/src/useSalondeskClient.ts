import type { SalondeskClient } from '@salondesk/core';
import { useSalondeskContext } from './SalondeskProvider';

/** The core client given to `<SalondeskProvider>`. */
export const useSalondeskClient = (): SalondeskClient => useSalondeskContext('useSalondeskClient').client;
