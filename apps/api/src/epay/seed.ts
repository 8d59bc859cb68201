import { SHORT_CODE_ALPHABET, SHORT_CODE_LENGTH } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/executor';

/** What the demo needs of a location for its epay settings. */
export interface EpayDemoLocation {
  businessId: number;
  name: string;
  currency: string;
}

/** The demo location's site: `luxe-los-angeles.example` (`.example` is reserved for examples, RFC 2606). */
export const demoSiteOf = (name: string): string => `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}.example`;

/** A fixed short code per location and link (the demo is the same on every machine). */
const demoCode = (businessId: number, n: number): string => {
  let x = (businessId * 7919 + n * 104_729) >>> 0;
  let code = '';
  for (let i = 0; i < SHORT_CODE_LENGTH; i++) {
    x = (Math.imul(x, 1_103_515_245) + 12_345) >>> 0;
    code += SHORT_CODE_ALPHABET[(x >>> 16) % SHORT_CODE_ALPHABET.length];
  }
  return code;
};

/**
 * The demo's epay settings (issue 15): web orders on in every location, through Stripe where the
 * location bills in USD and NMI elsewhere (as its card payments are); recurring billing on in the
 * first; each location's website and its domain allow-list (the site and its subdomains, and
 * `localhost` for the local embed demo); two short links per location (a booking link of its first
 * service with its first staff member, and its offers page), with some visits. No Ably key: a
 * secret is never part of seed data.
 */
export async function seedEpay(tx: Executor, locations: readonly EpayDemoLocation[], publicUrl = 'http://localhost:8080'): Promise<void> {
  for (const [index, location] of locations.entries()) {
    const site = demoSiteOf(location.name);
    const provider = location.currency === 'USD' ? 'stripe' : 'nmi';
    await tx.execute(sql`insert into epay_settings (business_id, recurring_enabled, weborder_enabled, provider, websites, updated_at)
      values (${location.businessId}, ${index === 0}, true, ${provider}, ${JSON.stringify([`https://${site}/`, `https://book.${site}/`])}::jsonb, now())`);
    const domains = [site, `*.${site}`, 'localhost'];
    await tx.execute(sql`insert into business_domains (business_id, domain, position)
      select ${location.businessId}, d, o::int - 1 from jsonb_array_elements_text(${JSON.stringify(domains)}::jsonb) with ordinality as x(d, o)`);
    await tx.execute(sql`insert into short_links (business_id, code, target, kind, service_id, staff_id, source, visits, created_at, last_visited_at)
      select ${location.businessId}, ${demoCode(location.businessId, 1)},
        ${`${publicUrl}/book/`} || ${String(location.businessId)} || '?service=' || v.id || '&staff=' || s.id || '&gzsrc=instagram',
        'booking', v.id, s.id, 'instagram', 40 + ${index * 7}, now() - interval '30 days', now() - interval '2 hours'
      from (select id from services where business_id = ${location.businessId} and deleted_at is null order by id limit 1) v,
           (select id from staff where business_id = ${location.businessId} and deleted_at is null order by id limit 1) s`);
    await tx.execute(sql`insert into short_links (business_id, code, target, kind, visits, created_at, last_visited_at)
      values (${location.businessId}, ${demoCode(location.businessId, 2)}, ${`https://${site}/offers`}, 'link', ${12 + index}, now() - interval '10 days', now() - interval '1 day')`);
  }
}
