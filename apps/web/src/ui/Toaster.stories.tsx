import type { Story } from '@ladle/react';
import { useMemo, useSyncExternalStore } from 'react';
import { Button } from './Button';
import { Toaster } from './Toaster';
import { createToastStore } from './toastStore';

export const Live: Story = () => {
  const store = useMemo(() => createToastStore(), []);
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return (
    <div className="flex gap-3">
      <Button onClick={() => store.success('Sucessfully Logged In')}>Success toast</Button>
      <Button variant="secondary" onClick={() => store.error('Failed to fetch business data')}>
        Error toast
      </Button>
      <Toaster toasts={toasts} onDismiss={store.dismiss} onPause={store.pause} onResume={store.resume} />
    </div>
  );
};
