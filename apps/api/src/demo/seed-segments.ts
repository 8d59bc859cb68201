import type { SegmentQuery } from '@salondesk/core';
import { asc, eq } from 'drizzle-orm';
import { categories } from '../catalogue/schema';
import { businesses } from '../db/schema';
import { customerSegmentEditors, customerSegments } from '../segments/schema';
import type { Executor } from '../db/executor';
import { PRICE_SCALE } from './seed-catalogue';

/** The demo's segment names, in the order the list shows them. */
export const DEMO_SEGMENTS = ['Lapsed 90 days', 'VIP by spend', 'Birthday this month', 'New clients with an email', 'Colour clients drifting away'] as const;

/**
 * Five segments in every location (issue 18): lapsed 90 days; VIP by spend (a year's spend or a
 * regular); birthday this month; new clients with an email; and a nested one — clients of the
 * location's first category who are drifting away (not seen in 60 days, or at most one visit in
 * the last 180). In each location of its network the manager, when one is given, edits "Lapsed
 * 90 days" without the Customers permission.
 */
export async function seedSegments(tx: Executor, locations: readonly { businessId: number; currency: string; ownerId: number | null; managerId: number | null }[]): Promise<void> {
  for (const location of locations) {
    const scale = PRICE_SCALE[location.currency as keyof typeof PRICE_SCALE] ?? 1;
    const [business] = await tx.select({ network: businesses.network_id }).from(businesses).where(eq(businesses.id, location.businessId));
    const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.business_id, location.businessId)).orderBy(asc(categories.id)).limit(1);
    const trees: [string, string, SegmentQuery][] = [
      ['Lapsed 90 days', 'Visited before, but not in the last 90 days: worth a "we miss you".', { type: 'group', match: 'all', children: [{ type: 'condition', kind: 'lastVisitMoreThanDaysAgo', days: 90 }] }],
      [
        'VIP by spend',
        'Spent the most: over 1,000 in the last year, or 12 visits and more.',
        {
          type: 'group',
          match: 'any',
          children: [
            { type: 'condition', kind: 'spendInLastDays', days: 365, op: 'gte', value: 100_000 * scale },
            { type: 'condition', kind: 'visits', op: 'gte', value: 12 },
          ],
        },
      ],
      ['Birthday this month', 'For the birthday offer.', { type: 'group', match: 'all', children: [{ type: 'condition', kind: 'birthdayThisMonth' }] }],
      [
        'New clients with an email',
        'First visit in the last 30 days, reachable by email.',
        {
          type: 'group',
          match: 'all',
          children: [
            { type: 'condition', kind: 'firstVisitWithinDays', days: 30 },
            { type: 'condition', kind: 'hasEmail' },
          ],
        },
      ],
      [
        'Colour clients drifting away',
        'Bought from the first category, and not seen in 60 days or at most once in the last 180.',
        {
          type: 'group',
          match: 'all',
          children: [
            ...(category ? [{ type: 'condition' as const, kind: 'boughtCategory' as const, ids: [category.id] }] : []),
            {
              type: 'group',
              match: 'any',
              children: [
                { type: 'condition', kind: 'lastVisitMoreThanDaysAgo', days: 60 },
                { type: 'condition', kind: 'visitsInLastDays', days: 180, op: 'lte', value: 1 },
              ],
            },
          ],
        },
      ],
    ];
    const rows = await tx
      .insert(customerSegments)
      .values(
        trees.map(([name, description, query_parameters]) => ({
          business_id: location.businessId,
          network_id: business?.network ?? null,
          name,
          description,
          query_parameters,
          business_list: [location.businessId],
          created_by: location.ownerId,
        })),
      )
      .returning({ id: customerSegments.id, name: customerSegments.name });
    const lapsed = rows.find((r) => r.name === 'Lapsed 90 days');
    if (lapsed && location.managerId !== null) await tx.insert(customerSegmentEditors).values({ segment_id: lapsed.id, user_id: location.managerId });
  }
}
