import { useParams } from 'react-router-dom';

/**
 * The business the screen is about: the route's `:businessId`, as a number. Throws when the route
 * names none or not a valid one (a screen rendered outside `/:businessId/…`); the workspace frame
 * shows "not found" for such paths before any screen renders.
 */
export function useBusinessId(): number {
  const raw = useParams().businessId;
  const id = Number(raw);
  if (raw === undefined || !/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id <= 0) {
    throw new Error(`useBusinessId: this screen needs a route with a valid :businessId (got ${raw === undefined ? 'none' : JSON.stringify(raw)}).`);
  }
  return id;
}
