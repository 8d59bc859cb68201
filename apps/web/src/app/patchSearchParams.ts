/** A copy of `params` with `changes` applied: an empty value removes its key, any other sets it. */
export function patchSearchParams(params: URLSearchParams, changes: Record<string, string>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === '') next.delete(key);
    else next.set(key, value);
  }
  return next;
}
