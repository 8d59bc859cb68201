import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { Toaster } from '../ui/Toaster';
import { toasts, useToasts } from './toasts';

function ConnectedToaster() {
  const items = useToasts();
  return <Toaster toasts={items} onDismiss={toasts.dismiss} onPause={toasts.pause} onResume={toasts.resume} />;
}

/** The router and the toasts: what every screen, signed in or not, stands in. */
export function Shell({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <>
      <RouterProvider router={router} />
      <ConnectedToaster />
    </>
  );
}
