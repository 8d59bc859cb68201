import { NotFound } from './NotFound';

/** Any path no route knows. */
export function Component() {
  return (
    <main>
      <NotFound />
    </main>
  );
}
