import type { AblyStatus, EpaySettings, PaymentProvider, ShortLink, ShortLinkKind } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../db/executor';
import { allowedDomains } from './domains';

/** The epay settings row as stored (the encrypted key stays here: nothing below returns it). */
interface SettingsRow {
  recurring_enabled: boolean;
  weborder_enabled: boolean;
  provider: PaymentProvider | null;
  websites: string[];
  has_ably: boolean;
  ably_key_name: string | null;
  ably_updated_at: Date | null;
  updated_at: Date | null;
  account: string | null;
}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export const ablyStatusOf = (row: { has_ably: boolean; ably_key_name: string | null; ably_updated_at: Date | string | null } | undefined): AblyStatus => ({
  configured: row?.has_ably ?? false,
  keyName: row?.has_ably ? (row.ably_key_name ?? null) : null,
  updated_at: iso(row?.ably_updated_at ?? null),
});

/** A business's epay settings (defaults when never saved), its allow-list and its provider account. */
export async function loadEpaySettings(db: Executor, businessId: number): Promise<EpaySettings> {
  const [row] = await rows<SettingsRow>(
    db,
    sql`select e.recurring_enabled, e.weborder_enabled, e.provider, e.websites, e.ably_key_encrypted is not null as has_ably,
          e.ably_key_name, e.ably_updated_at, e.updated_at,
          (select nullif(trim(a.account_id), '') from payment_accounts a where a.business_id = b.id and a.provider = e.provider) as account
        from businesses b left join epay_settings e on e.business_id = b.id where b.id = ${businessId}`,
  );
  return {
    'epay.recurring.enabled': row?.recurring_enabled ?? false,
    'epay.weborder.enabled': row?.weborder_enabled ?? false,
    'epay.weborder.provider': row?.provider ?? null,
    websites: row?.websites ?? [],
    domains: await allowedDomains(db, businessId),
    account: row?.account ?? null,
    ably: ablyStatusOf(row),
    updated_at: iso(row?.updated_at ?? null),
  };
}

interface ShortLinkRow {
  id: number;
  code: string;
  target: string;
  kind: ShortLinkKind;
  service_id: number | null;
  service_name: string | null;
  staff_id: number | null;
  source: string | null;
  visits: number;
  created_at: Date;
  last_visited_at: Date | null;
}

/** Short links of a business (all, or those with the given ids), newest first, as the wire names them. */
export async function loadShortLinks(db: Executor, businessId: number, shortBase: string, names: ReadonlyMap<number, string>, only?: { id: number }): Promise<ShortLink[]> {
  const found = await rows<ShortLinkRow>(
    db,
    sql`select l.id, l.code, l.target, l.kind, l.service_id, v.name as service_name, l.staff_id, l.source, l.visits, l.created_at, l.last_visited_at
        from short_links l left join services v on v.id = l.service_id
        where l.business_id = ${businessId} ${only ? sql`and l.id = ${only.id}` : sql``}
        order by l.created_at desc, l.id desc`,
  );
  return found.map((l) => ({
    id: l.id,
    code: l.code,
    url: `${shortBase}/s/${l.code}`,
    target: l.target,
    kind: l.kind,
    service: l.service_id !== null ? { id: l.service_id, name: l.service_name ?? '' } : null,
    staff: l.staff_id !== null ? { id: l.staff_id, display_name: names.get(l.staff_id) ?? '' } : null,
    source: l.source,
    visits: l.visits,
    created_at: new Date(l.created_at).toISOString(),
    last_visited_at: iso(l.last_visited_at),
  }));
}
