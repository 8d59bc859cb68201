import type { SegmentQuery } from '@salondesk/core';
import { useSegmentCount } from '@salondesk/react';
import { useEffect, useState } from 'react';

/** How long the tree rests before it is counted (a count per keystroke would queue up on the server). */
const SETTLE_MS = 300;

interface CountedTree {
  query_parameters: SegmentQuery;
  businessList: number[];
}

const same = (a: CountedTree, b: CountedTree) => a.query_parameters === b.query_parameters && a.businessList === b.businessList;

/**
 * The live count of the tree being edited: the tree is counted once it rests (and parses), the
 * query keyed by that tree. `current` is true only while the answer shown is the answer for the
 * tree as it is now — not one for an earlier tree kept while the next loads, nor one for the tree
 * before the last change while it settles — so the screen says "Counting…" until then.
 */
export function useLiveCount(businessId: number, tree: CountedTree, segmentId: number | undefined, valid: boolean) {
  const [counted, setCounted] = useState<CountedTree>(tree);
  useEffect(() => {
    if (!valid) return;
    const timer = setTimeout(() => setCounted(tree), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [tree, valid]);
  const count = useSegmentCount(businessId, { ...counted, ...(segmentId === undefined ? {} : { segmentId }) }, valid);
  const settled = valid && same(counted, tree);
  return {
    count,
    /** The answer shown is this tree's. */
    current: settled && count.isSuccess && !count.isPlaceholderData,
    /** This tree's count failed. */
    failed: settled && count.isError,
  };
}
