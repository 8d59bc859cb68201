import type { SessionState, SessionStore } from '@salondesk/core';
import { useSyncExternalStore } from 'react';
import { useSalondeskContext } from './SalondeskProvider';

export type UseSessionResult = SessionState &
  Pick<SessionStore, 'login' | 'logout' | 'restore' | 'selectBusiness' | 'setSelection'>;

/** The signed-in session and its actions; re-renders when the core session store changes. */
export function useSession(): UseSessionResult {
  const store = useSalondeskContext('useSession').sessionStore;
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return {
    ...state,
    login: store.login,
    logout: store.logout,
    restore: store.restore,
    selectBusiness: store.selectBusiness,
    setSelection: store.setSelection,
  };
}
