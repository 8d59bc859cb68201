import { fc } from '@fast-check/vitest';

/** One edit a person can make to a waiver's text: publish a text, from the newest version or from a stale one. */
export type WaiverEdit = { kind: 'publish'; text: string; stale: boolean };

/** Texts drawn from a few values so that "the same text again" happens often. */
export const waiverText = fc.oneof(fc.constantFrom('A', 'B', 'Text', '  spaced  '), fc.string({ minLength: 1, maxLength: 20 }));
export const waiverEdits = fc.array(fc.record({ kind: fc.constant('publish' as const), text: waiverText, stale: fc.boolean() }), { maxLength: 30 });
