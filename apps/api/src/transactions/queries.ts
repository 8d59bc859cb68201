import { dayInZone, type PhoneEntryWire, type Transaction, type TransactionDay, TRANSACTION_STATUS, type TransactionStatus } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { type Executor, rows } from '../db/executor';
import { iso, isoOrNull } from '../db/instants';
import { HttpError } from '../http/errors';
import { rosterDisplayNames } from '../staff/queries';

export const RECEIPT_PATH = '/receipt/';
export const receiptUrl = (token: string): string => `${RECEIPT_PATH}${token}`;

/** A ticket's phones list (core's `phoneEntry`) from its customer's columns. */
export const phonesOf = (c: { phone_type: string | null; phone: string | null; firstname: string | null; lastname: string | null; email: string | null }): PhoneEntryWire[] =>
  c.phone === null || c.phone_type === null ? [] : [{ type: c.phone_type, phone: c.phone, customerprofiles: [{ firstname: c.firstname, lastname: c.lastname, email: c.email }] }];

export const transactionNotFound = () => new HttpError(404, 'This transaction was not found.');

// ── A day's list ────────────────────────────────────────────────────────────────────────────

/** An instant as `toISOString()` writes it, as JSON (UTC, milliseconds truncated as the driver's Date does). */
const isoJson = (column: string) => `coalesce('"' || to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', 'null')`;
/** A text column as JSON (`to_json` escapes it exactly as `JSON.stringify` does). */
const textJson = (column: string) => `coalesce(to_json(${column})::text, 'null')`;

/**
 * A day's list as JSON text, built by PostgreSQL in the shape of core's `transactionDay`: keys
 * in the schema's order and compact, so the bytes are those `JSON.stringify` gave. Each ticket
 * is one string concatenation (measured faster than `row_to_json` per row, and `json_build_object`
 * would add spaces), joined by `string_agg` in list order. The detail-list rule of core
 * (`listedInDetail`: DELETED, and CHECKOUT without a live checkout, are left out) is the `where`
 * clause; `refunds` sums the refunds made on that business day, on any ticket; `day-list.test.ts`
 * holds the text to the schema, to that rule and to the former Node-built bytes. A prepared
 * statement: it is the hot call. `$6` is the business's display names (`rosterDisplayNames`) as a
 * JSON object by staff id: the rule is core's, not SQL's.
 */
export const DAY_LIST_SQL = `
  select '{"day":' || to_json($2::text)::text
    || ',"refunds":' || (select coalesce(sum(r.amount), 0) from refunds r where r.business_id = $1 and r.day = $2::date)
    || ',"transactions":[' || coalesce(string_agg(t.j, ',' order by t.checkin_at desc, t.id desc), '') || ']}' as json
  from (
    select q.id, q.checkin_at,
      '{"id":' || q.id || ',"status":' || to_json(q.status)::text
      || ',"phones":' || case when c.phone is null or c.phone_type is null then '[]'
           else '[{"type":' || to_json(c.phone_type)::text || ',"phone":' || to_json(c.phone)::text
             || ',"customerprofiles":[{"firstname":' || ${textJson('c.firstname')} || ',"lastname":' || ${textJson('c.lastname')}
             || ',"email":' || ${textJson('c.email')} || '}]}]' end
      || ',"staff":' || ${textJson('($6::jsonb ->> q.serviced_by::text)')} || ',"staff_full_name":' || ${textJson('s.full_name')}
      || ',"checkin_at":' || ${isoJson('q.checkin_at')} || ',"checkout_at":' || ${isoJson('q.checkout_at')}
      || ',"lines":' || case when k.id is null then 0 else (select count(*) from saleslogs l where l.queue_id = q.id and l.checkout_id = k.id) end
      || ',"total":' || coalesce(k.total, 0) || ',"tipamount":' || coalesce(k.tipamount, 0) || ',"refunded":' || coalesce(k.refunded, 0)
      || ',"cashamount":' || coalesce(k.cashamount, 0) || ',"creditamount":' || coalesce(k.creditamount, 0) || ',"giftamount":' || coalesce(k.giftamount, 0)
      || ',"bypass":' || coalesce(k.bypass, false) || '}' as j
    from queue q
    left join checkouts k on k.queue_id = q.id and k.voided_at is null
    left join customers c on c.id = q.customer_id
    left join staff s on s.id = q.serviced_by
    where q.business_id = $1 and q.day = $2::date and ($3::boolean is false or k.bypass)
      and q.status <> $4 and not (q.status = $5 and k.id is null)
  ) t`;

/**
 * The tickets of one business day, newest first, as the list shows them: the JSON text of a
 * `TransactionDay`, sent as is (see http/pre-serialized.ts).
 */
export async function listDayJson(db: Database, businessId: number, day: string, options: { bypassOnly?: boolean } = {}): Promise<string> {
  const names = JSON.stringify(Object.fromEntries(await rosterDisplayNames(db, businessId)));
  const result = await db.$client.query<{ json: string }>({
    name: 'transactions_day_json',
    text: DAY_LIST_SQL,
    values: [businessId, day, options.bypassOnly ?? false, TRANSACTION_STATUS.DELETED, TRANSACTION_STATUS.CHECKOUT, names],
  });
  return (result.rows[0] as { json: string }).json;
}

/** The same list as a value (the small bypass-mode list of the proxy). */
export async function listDay(db: Database, businessId: number, day: string, options: { bypassOnly?: boolean } = {}): Promise<TransactionDay> {
  return JSON.parse(await listDayJson(db, businessId, day, options)) as TransactionDay;
}

// ── One ticket in full ──────────────────────────────────────────────────────────────────────

interface QueueRow {
  id: number;
  status: TransactionStatus;
  day: string;
  customer_id: number | null;
  requested: { id: number; name: string }[];
  checkin_at: Date;
  service_at: Date | null;
  checkout_at: Date | null;
  updated_at: Date;
  booked_for: Date | null;
  serviced_by: number | null;
  /** The member behind `serviced_by`, when they exist. */
  staff_id: number | null;
  details: { name: string; value: string }[];
  phone_type: string | null;
  phone: string | null;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
}

export interface LockedTicket {
  id: number;
  status: TransactionStatus;
  day: string;
  service_at: Date | null;
  details: { name: string; value: string }[];
  checkout: { id: number; paid: number; refunded: number; cashamount: number; creditamount: number; giftamount: number } | null;
}

/** Locks a ticket (and its live checkout) of this business for the rest of the transaction, or 404. */
export async function lockTicket(tx: Executor, businessId: number, txId: number): Promise<LockedTicket> {
  const [q] = await rows<{ id: number; status: TransactionStatus; day: string; service_at: Date | null; details: LockedTicket['details'] }>(
    tx,
    sql`select id, status, day::text as day, service_at, details from queue where id = ${txId} and business_id = ${businessId} for update`,
  );
  if (!q) throw transactionNotFound();
  const [k] = await rows<{ id: number; cashamount: number; creditamount: number; giftamount: number; refunded: number }>(
    tx,
    sql`select id, cashamount, creditamount, giftamount, refunded from checkouts where queue_id = ${txId} and voided_at is null for update`,
  );
  return {
    ...q,
    checkout: k ? { ...k, paid: k.cashamount + k.creditamount + k.giftamount } : null,
  };
}

/** A card payment as stored (`payments p`). */
export interface PaymentRow {
  id: number;
  queue_id: number;
  provider: 'stripe' | 'nmi';
  amount: number;
  auth_code: string;
  auth_guid: string;
  charge_status: 'CAPTURE' | 'VOID';
  card_brand: string | null;
  card_last4: string | null;
  created_at: Date;
}

/** The columns of a `PaymentRow`, from `payments` aliased `p`. */
export const PAYMENT_COLUMNS = sql.raw(
  'p.id, p.queue_id, p.provider, p.amount, p.auth_code, p.auth_guid, p.charge_status, p.card_brand, p.card_last4, p.created_at',
);

/** A payment as the contract shows it (spec 001 §3: auth code and guid, charge status, the mapped card). */
export const toPayment = (p: PaymentRow) => ({
  id: p.id,
  queue_id: p.queue_id,
  provider: p.provider,
  amount: p.amount,
  auth_code: p.auth_code,
  auth_guid: p.auth_guid,
  charge_status: p.charge_status,
  mappedCard: p.card_brand && p.card_last4 ? { brand: p.card_brand, last4: p.card_last4 } : null,
  created_at: iso(p.created_at),
});

/** One ticket of this business in full, or 404. */
export async function loadTransaction(db: Executor, businessId: number, txId: number): Promise<Transaction> {
  const [q] = await rows<QueueRow>(
    db,
    sql`select q.id, q.status, q.day::text as day, q.customer_id, q.requested, q.checkin_at, q.service_at, q.checkout_at, q.updated_at, q.booked_for,
          q.serviced_by, s.id as staff_id, q.details, c.phone_type, c.phone, c.firstname, c.lastname, c.email
        from queue q left join staff s on s.id = q.serviced_by left join customers c on c.id = q.customer_id
        where q.id = ${txId} and q.business_id = ${businessId}`,
  );
  if (!q) throw transactionNotFound();
  const names = await rosterDisplayNames(db, businessId);
  /** A staff member on this ticket by id and display name, or null when there is none. */
  const staffRef = (staffId: number | null) => {
    const name = staffId === null ? undefined : names.get(staffId);
    return staffId !== null && name !== undefined ? { id: staffId, name } : null;
  };
  const [k] = await rows<{
    id: number;
    cashamount: number;
    creditamount: number;
    giftamount: number;
    tipamount: number;
    feesamount: number;
    withfees: boolean;
    coupons: string[];
    globalcoupons: string[];
    subtotal: number;
    discount: number;
    tax: number;
    total: number;
    refunded: number;
    employee_id: number | null;
    payeetips: number;
    paidtips: number;
    bypass: boolean;
    checkout_day: string;
    receipt_token: string;
    created_at: Date;
  }>(
    db,
    sql`select k.id, k.cashamount, k.creditamount, k.giftamount, k.tipamount, k.feesamount, k.withfees, k.coupons, k.globalcoupons,
          k.subtotal, k.discount, k.tax, k.total, k.refunded, k.employee_id, k.payeetips, k.paidtips, k.bypass,
          k.checkout_day::text as checkout_day, k.receipt_token, k.created_at
        from checkouts k
        where k.queue_id = ${txId} and k.voided_at is null`,
  );
  const lines = k
    ? await rows<{
        id: number;
        kind: 'service' | 'product' | 'giftcard';
        service_id: number | null;
        product_id: number | null;
        name: string;
        price: number;
        discount: number;
        quantity: number;
        tax: number;
        total: number;
        employee_id: number | null;
      }>(
        db,
        sql`select l.id, l.kind, l.service_id, l.product_id, l.name, l.price, l.discount, l.quantity, l.tax, l.total, l.employee_id
            from saleslogs l where l.queue_id = ${txId} and l.checkout_id = ${k.id} order by l.id`,
      )
    : [];
  const refundRows = k
    ? await rows<{ id: number; amount: number; reason: string; note: string; user_id: number | null; user_name: string | null; created_at: Date; day: string }>(
        db,
        sql`select r.id, r.amount, r.reason, r.note, r.refunded_by as user_id, u.fullname as user_name, r.created_at, r.day::text as day
            from refunds r left join users u on u.id = r.refunded_by where r.queue_id = ${txId} and r.checkout_id = ${k.id} order by r.id`,
      )
    : [];
  const paymentRows = await rows<PaymentRow & { queue_id: number }>(
    db,
    sql`select ${PAYMENT_COLUMNS} from payments p where p.queue_id = ${txId} order by p.id`,
  );

  const services = lines.filter((l) => l.kind !== 'product' && l.service_id !== null).map((l) => ({ id: l.service_id as number, name: l.name }));
  const products = lines.filter((l) => l.kind === 'product' && l.product_id !== null).map((l) => ({ id: l.product_id as number, name: l.name }));
  const lastRefund = refundRows.at(-1);
  return {
    id: q.id,
    status: q.status,
    day: q.day,
    customer_id: q.customer_id,
    phones: phonesOf(q),
    checkout: k
      ? {
          id: k.id,
          cashamount: k.cashamount,
          creditamount: k.creditamount,
          giftamount: k.giftamount,
          tipamount: k.tipamount,
          feesamount: k.feesamount,
          withfees: k.withfees,
          withmultiplecoupons: k.coupons.length + k.globalcoupons.length > 1,
          coupons: k.coupons,
          globalcoupons: k.globalcoupons,
          subtotal: k.subtotal,
          discount: k.discount,
          tax: k.tax,
          total: k.total,
          paid: k.cashamount + k.creditamount + k.giftamount,
          refunded: k.refunded,
          isRefund: k.refunded > 0,
          refund_id: lastRefund?.id ?? null,
          payee: staffRef(k.employee_id),
          payeetips: k.payeetips,
          paidtips: k.paidtips,
          employee_id: k.employee_id,
          bypass: k.bypass,
          created_at: iso(k.created_at),
          checkout_day: k.checkout_day,
          saleslogs: lines.map((l) => ({
            id: l.id,
            kind: l.kind,
            service_id: l.kind === 'product' ? null : l.service_id,
            product_id: l.product_id,
            service: l.kind === 'product' ? null : l.name,
            product: l.kind === 'product' ? l.name : null,
            price: l.price,
            discount: l.discount,
            quantity: l.quantity,
            employees: [staffRef(l.employee_id)].filter((e) => e !== null),
            tax: l.tax,
            total: l.total,
          })),
          refunds: refundRows.map((r) => ({
            id: r.id,
            amount: r.amount,
            reason: r.reason,
            note: r.note,
            refunded_by: r.user_id !== null && r.user_name !== null ? { id: r.user_id, name: r.user_name } : null,
            created_at: iso(r.created_at),
            day: r.day,
          })),
        }
      : null,
    payments: paymentRows.map(toPayment),
    services: services.length > 0 ? services : q.requested,
    products,
    checkin_at: iso(q.checkin_at),
    service_at: isoOrNull(q.service_at),
    checkout_at: isoOrNull(q.checkout_at),
    updated_at: iso(q.updated_at),
    booked_for: isoOrNull(q.booked_for),
    serviced_by: staffRef(q.staff_id),
    checkoutdetails: q.details,
    receipt_url: k && q.status === 'CHECKOUT' ? receiptUrl(k.receipt_token) : null,
  };
}

/**
 * Writes one history entry: who did what to a ticket, and why, dated when it happened: `at` (the
 * server's clock) and the business day of `at` in the business's time zone, not the ticket's day.
 */
export async function recordHistory(
  tx: Executor,
  entry: {
    businessId: number;
    queueId: number;
    at: Date;
    timeZone: string;
    action: string;
    userId: number | null;
    reason?: string | null;
    note?: string | null;
    amount?: number | null;
    detail?: Record<string, unknown>;
  },
): Promise<void> {
  await tx.execute(sql`insert into transaction_history (business_id, queue_id, day, action, user_id, reason, note, amount, detail, created_at)
    values (${entry.businessId}, ${entry.queueId}, ${dayInZone(entry.at, entry.timeZone)}, ${entry.action}, ${entry.userId}, ${entry.reason ?? null}, ${entry.note ?? null},
      ${entry.amount ?? null}, ${JSON.stringify(entry.detail ?? {})}::jsonb, ${entry.at.toISOString()})`);
}

/** Sets (or, with an empty value, removes) name/value pairs of a ticket's checkout details. */
export const mergeDetails = (details: readonly { name: string; value: string }[], changes: readonly { name: string; value: string }[]) => {
  const out = details.filter((d) => !changes.some((c) => c.name === d.name));
  for (const change of changes) if (change.value !== '') out.push({ name: change.name, value: change.value });
  return out;
};
