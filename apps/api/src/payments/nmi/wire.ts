import { XMLParser } from 'fast-xml-parser';

/**
 * NMI's wire formats: `transact.php` answers form-encoded pairs; `query.php` answers XML
 * (`<nm_response>`), parsed here with fast-xml-parser — every value kept as text, so amounts
 * reach `decimalToCents` exactly as NMI wrote them. Dates are `YYYYMMDDhhmmss` (UTC here).
 */

const LISTS = new Set(['transaction', 'action', 'merchant_defined_field', 'settlement_batch']);

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false, parseAttributeValue: false, trimValues: true, isArray: (name) => LISTS.has(name) });

export interface NmiAction {
  amount: string;
  action_type: string;
  date: string;
  success: string;
  response_text?: string;
  batch_id?: string;
  processor_batch_id?: string;
}

export interface NmiTransaction {
  transaction_id: string;
  condition: string;
  order_id?: string;
  order_description?: string;
  currency?: string;
  cc_type?: string;
  cc_number?: string;
  customerid?: string;
  original_transaction_id?: string;
  authorization_code?: string;
  merchant_defined_field?: { '#text'?: string; '@_id': string }[];
  action?: NmiAction[];
}

export interface NmiSettlementBatch {
  batch_id: string;
  settlement_date: string;
  deposit_date: string;
  currency?: string;
  sale_amount: string;
  refund_amount: string;
  fee_amount: string;
  adjustment_amount: string;
  deposit_amount: string;
}

export interface NmiQueryResponse {
  transactions: NmiTransaction[];
  batches: NmiSettlementBatch[];
  error?: string;
}

const text = (value: unknown): string => (value === undefined || value === null ? '' : typeof value === 'object' ? String((value as { '#text'?: unknown })['#text'] ?? '') : String(value));

/** `query.php`'s XML. */
export function parseQueryResponse(xml: string): NmiQueryResponse {
  const parsed = parser.parse(xml) as { nm_response?: { transaction?: unknown[]; settlement_batch?: unknown[]; error_response?: unknown } };
  const root = parsed.nm_response;
  if (!root) throw new Error('Not an NMI query response');
  const flat = <T>(item: unknown): T => Object.fromEntries(Object.entries(item as Record<string, unknown>).map(([k, v]) => [k, Array.isArray(v) || k === 'merchant_defined_field' ? v : text(v)])) as T;
  return {
    transactions: (root.transaction ?? []).map((t) => {
      const row = flat<NmiTransaction>(t);
      return { ...row, action: (row.action ?? []).map((a) => flat<NmiAction>(a)) };
    }),
    batches: (root.settlement_batch ?? []).map((b) => flat<NmiSettlementBatch>(b)),
    ...(root.error_response !== undefined ? { error: text(root.error_response) } : {}),
  };
}

/** `YYYYMMDDhhmmss` (UTC) of an instant. */
export const nmiDate = (date: Date): string => date.toISOString().replace(/[-:T]/g, '').slice(0, 14);

/** The instant of an NMI `YYYYMMDDhhmmss` (or `YYYYMMDD`). */
export function fromNmiDate(value: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2}))?$/.exec(value.trim());
  if (!m) throw new Error(`Not an NMI date: "${value}"`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)));
}

/** `merchant_defined_field_<n>` carries one metadata entry each, as `key=value` (n from 1, keys in order). */
export function metadataFields(metadata: Record<string, string> | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  Object.entries(metadata ?? {})
    .slice(0, 20)
    .forEach(([key, value], i) => {
      fields[`merchant_defined_field_${i + 1}`] = `${key}=${value}`;
    });
  return fields;
}

export function metadataOf(fields: NmiTransaction['merchant_defined_field']): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const field of fields ?? []) {
    const value = field['#text'] ?? '';
    const eq = value.indexOf('=');
    if (eq > 0) metadata[value.slice(0, eq)] = value.slice(eq + 1);
  }
  return metadata;
}
