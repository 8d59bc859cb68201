import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { routes } from './routes';
import { Shell } from './Shell';

/** The application shell, loaded on demand by `main.tsx` and mounted at the root. */
export function mountApp(container: HTMLElement): void {
  createRoot(container).render(
    <StrictMode>
      <Shell router={createBrowserRouter(routes)} />
    </StrictMode>,
  );
}
