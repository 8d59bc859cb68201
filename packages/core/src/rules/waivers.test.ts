import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { waiverEdits } from './waivers.arb';
import { type PublishedVersion, publishVersion, waiverNeedsSigning } from './waivers';

describe('waiver versions', () => {
  test.prop([waiverEdits])('published versions are immutable under any sequence of edits; numbers run 1, 2, 3 …', (edits) => {
    let versions: readonly PublishedVersion[] = publishVersion([], 'first', 0, 1).versions;
    const snapshots: PublishedVersion[] = versions.map((v) => ({ ...v }));
    let nextId = 2;
    for (const edit of edits) {
      const current = versions[versions.length - 1] as PublishedVersion;
      const base = edit.stale && versions.length > 1 ? (versions[0] as PublishedVersion).id : current.id;
      const { versions: after, outcome } = publishVersion(versions, edit.text, base, nextId);
      // Every version published before is still there, the same object with the same content.
      for (const [i, before] of versions.entries()) {
        expect(after[i]).toBe(before);
        expect(after[i]).toEqual(snapshots[i]);
      }
      if (base !== current.id) expect(outcome.kind).toBe('stale');
      else if (edit.text === current.template) expect(outcome.kind).toBe('unchanged');
      else {
        expect(outcome).toEqual({ kind: 'published', version: { id: nextId, version: current.version + 1, template: edit.text } });
        expect(Object.isFrozen(after[after.length - 1])).toBe(true);
        snapshots.push({ ...(after[after.length - 1] as PublishedVersion) });
        nextId += 1;
      }
      versions = after;
    }
    expect(versions.map((v) => v.version)).toEqual(versions.map((_, i) => i + 1));
  });

  it('a client must sign when they never signed or signed an older version', () => {
    expect(waiverNeedsSigning(null, 1)).toBe(true);
    expect(waiverNeedsSigning(1, 2)).toBe(true);
    expect(waiverNeedsSigning(2, 2)).toBe(false);
    fc.assert(fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 50 }), (signed, current) => waiverNeedsSigning(signed, current) === signed < current));
  });
});
