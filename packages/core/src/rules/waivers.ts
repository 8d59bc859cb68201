/**
 * Waiver versions (issue 18): a published version never changes; editing a waiver's text publishes
 * the next version. The server applies the same rule in one transaction (and the database refuses an
 * update of a version row); the property tests hold this model to it.
 */

/** A published version as the rule sees it. */
export interface PublishedVersion {
  readonly id: number;
  readonly version: number;
  readonly template: string;
}

/** What publishing a text gives: a new version, or why there is none. */
export type PublishOutcome =
  | { kind: 'published'; version: PublishedVersion }
  | { kind: 'unchanged' }
  | { kind: 'stale'; current: PublishedVersion };

/**
 * Publishes `template` over `versions` (oldest first) when `baseVersionId` is still the newest
 * version: the next number, a fresh id from `nextId`. The same text as the newest publishes
 * nothing; a base that is no longer the newest is stale (someone published meanwhile). The earlier
 * versions are returned as they were — the same objects, never copied or changed.
 */
export function publishVersion(
  versions: readonly PublishedVersion[],
  template: string,
  baseVersionId: number,
  nextId: number,
): { versions: readonly PublishedVersion[]; outcome: PublishOutcome } {
  const current = versions[versions.length - 1];
  if (!current) {
    const first = Object.freeze({ id: nextId, version: 1, template });
    return { versions: [first], outcome: { kind: 'published', version: first } };
  }
  if (current.id !== baseVersionId) return { versions, outcome: { kind: 'stale', current } };
  if (current.template === template) return { versions, outcome: { kind: 'unchanged' } };
  const next = Object.freeze({ id: nextId, version: current.version + 1, template });
  return { versions: [...versions, next], outcome: { kind: 'published', version: next } };
}

/**
 * Does a client still need to sign a waiver? Yes when they never signed it, or signed only an
 * older version than the current one.
 */
export const waiverNeedsSigning = (signedVersion: number | null, currentVersion: number): boolean =>
  signedVersion === null || signedVersion < currentVersion;
