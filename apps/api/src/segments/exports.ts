import { endpoints, SegmentReferenceError, segmentConditions } from '@salondesk/core';
import { businesses, users } from '../db/schema';
import { asOfToday } from '../export/context';
import { implementExport } from '../export/implementExport';
import { namesById } from '../export/namesById';
import { authOf, businessOf } from '../http/registry';
import { visibleSegments } from './handlers';
import { SegmentNotFoundError, segmentMemberCount } from './members';

/**
 * The segments list as a file (core's `segmentExports`): exactly the segments
 * `customersegment/getall` shows the user (`visibleSegments`), each with its members counted now
 * by the statement campaigns and the builder run (`segmentMemberCount`), the count last kept,
 * its locations and its editors by name.
 */
export function segmentExportHandlers() {
  const x = endpoints.segmentExports;
  return [
    implementExport(x.segments, async (_request, ctx) => {
      const business = businessOf(ctx);
      const auth = authOf(ctx);
      const segments = await visibleSegments(ctx.db, business, auth);
      return {
        ...asOfToday(ctx, business),
        rows: (async function* () {
          const locations = await namesById(ctx.db, businesses, businesses.name, segments.flatMap((s) => s.businessList));
          const editors = await namesById(ctx.db, users, users.fullname, segments.flatMap((s) => s.editors));
          const now = ctx.now();
          // A batch per segment: each count is a statement of its own.
          for (const s of segments) {
            let members: number | null;
            try {
              members = await segmentMemberCount(ctx.db, business.id, s.id, { now });
            } catch (error) {
              // A segment naming one that is gone has no count (a blank cell) rather than failing the file.
              if (!(error instanceof SegmentReferenceError || error instanceof SegmentNotFoundError)) throw error;
              members = null;
            }
            yield [
              {
                name: s.name,
                description: s.description,
                conditions: segmentConditions(s.query_parameters).length,
                members,
                last_counted: s.last_searched?.count ?? null,
                last_counted_at: s.last_searched?.at ?? null,
                locations: s.businessList.map((id) => locations.get(id) ?? `#${id}`).join(', '),
                editors: s.editors.map((id) => editors.get(id) ?? `#${id}`).join(', '),
              },
            ];
          }
        })(),
      };
    }),
  ];
}
