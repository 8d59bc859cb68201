import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { id, instant } from './ids';
import { amount, changes, text } from './input';
import { TABLE_TITLE_MAX } from './tableSettings';

/**
 * Purchase orders (spec 001 §3 Inventory, §9 "Default purchase-order config is
 * 'inhand-x-fullquantity'"; issue 14): the business's reorder rule (the PO config, kept under the
 * spec's `tablesettings/po-settings`), the reorder suggestions it gives, and the orders themselves,
 * from draft to closed. Quantities are a product's unit with up to 3 decimals (grams of colour,
 * bottles); costs are integer cents.
 */

// ── The PO config ────────────────────────────────────────────────────────────────────────

/**
 * How a reorder quantity is worked out from a product's stock levels:
 * - `inhand-x-fullquantity` (the spec's default): order the full quantity less what is in hand;
 * - `inhand-x-parquantity`: order the par quantity less what is in hand;
 * - `belowpar-x-fullquantity`: only once in hand is at or below par (low stock), then up to the full quantity.
 * Never below zero: a product at or above its level is not ordered.
 */
export const PO_CONFIG = {
  INHAND_X_FULLQUANTITY: 'inhand-x-fullquantity',
  INHAND_X_PARQUANTITY: 'inhand-x-parquantity',
  BELOWPAR_X_FULLQUANTITY: 'belowpar-x-fullquantity',
} as const;
export type PoConfigName = (typeof PO_CONFIG)[keyof typeof PO_CONFIG];
export const PO_CONFIG_NAMES = Object.values(PO_CONFIG) as readonly PoConfigName[];
/** The spec's default (spec 001 §9). */
export const DEFAULT_PO_CONFIG: PoConfigName = PO_CONFIG.INHAND_X_FULLQUANTITY;

export const PO_CONFIG_LABEL: Record<PoConfigName, string> = {
  'inhand-x-fullquantity': 'Up to full quantity',
  'inhand-x-parquantity': 'Up to par',
  'belowpar-x-fullquantity': 'Below par, up to full quantity',
};
/** One line a person reads beside each choice. */
export const PO_CONFIG_MEANING: Record<PoConfigName, string> = {
  'inhand-x-fullquantity': 'Order the full quantity less what is in hand, for every product below its full quantity.',
  'inhand-x-parquantity': 'Order the par quantity less what is in hand, for every product below par.',
  'belowpar-x-fullquantity': 'Once a product is at or below par (low stock), order up to its full quantity.',
};

export const poConfigName = z.enum(PO_CONFIG_NAMES as [PoConfigName, ...PoConfigName[]], { error: MESSAGES.poConfigUnknown });

/** What `po-settings` keeps in its `configuration`. */
export const poConfiguration = z.object({ config: poConfigName });
export type PoConfiguration = z.infer<typeof poConfiguration>;

export const PO_SETTINGS_NAME = 'po-settings';

/** The body of `tablesettings/po-settings/update`: the spec's `{settings:{title, configuration, id}}` of every table setting, its configuration a PO config. */
export const poSettingsUpdate = z.object({
  settings: z.object({
    title: text(TABLE_TITLE_MAX, { trim: true }),
    configuration: poConfiguration,
    id: z.optional(z.nullable(id)),
  }),
});
export type PoSettingsUpdate = z.input<typeof poSettingsUpdate>;

/** The business's PO config; before the first save `id` and `updated_at` are null and the config is the default. */
export const poSettings = z.object({
  id: z.nullable(id),
  name: z.literal(PO_SETTINGS_NAME),
  title: z.string(),
  configuration: poConfiguration,
  updated_at: z.nullable(instant),
});
export type PoSettings = z.infer<typeof poSettings>;

// ── Quantities ───────────────────────────────────────────────────────────────────────────

/** The largest quantity on one line: 1,000,000 units (thousandths fit an integer column with room). */
export const PO_QUANTITY_MAX = 1_000_000;

/** A quantity ordered or received: more than 0, at most `PO_QUANTITY_MAX`, at most 3 decimals. */
export const poQuantity = z.number({ error: MESSAGES.poQuantityInvalid }).check(
  z.refine((q) => Number.isFinite(q) && q > 0 && q <= PO_QUANTITY_MAX && Math.abs(q * 1000 - Math.round(q * 1000)) < 1e-6, {
    error: MESSAGES.poQuantityInvalid,
  }),
);

// ── Orders ───────────────────────────────────────────────────────────────────────────────

/**
 * A purchase order's life: a draft is edited, then sent to its vendor; each receipt moves it to
 * partly received and, once every line has come in full, to received; closing ends it (a partly
 * received order closed means the rest will not come). Nothing happens to a closed order.
 */
export const PO_STATUS = {
  DRAFT: 'draft',
  SENT: 'sent',
  PARTLY_RECEIVED: 'partly-received',
  RECEIVED: 'received',
  CLOSED: 'closed',
} as const;
export type PoStatus = (typeof PO_STATUS)[keyof typeof PO_STATUS];
export const PO_STATUSES = Object.values(PO_STATUS) as readonly PoStatus[];
export const PO_STATUS_LABEL: Record<PoStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  'partly-received': 'Partly received',
  received: 'Received',
  closed: 'Closed',
};
export const poStatus = z.enum(PO_STATUSES as [PoStatus, ...PoStatus[]]);

/** The most lines of one order, and the longest note. */
export const PO_LINES_MAX = 500;
export const PO_NOTE_MAX = 1000;

export const poLineInput = z.object({
  product_id: id,
  quantity: poQuantity,
  /** The cost of one unit in cents; the product's cost when absent. */
  unit_cost: z.optional(amount()),
});
export type PoLineInput = z.input<typeof poLineInput>;

const poLines = z.array(poLineInput).check(
  z.minLength(1, { error: MESSAGES.poNoLines }),
  z.maxLength(PO_LINES_MAX, { error: `At most ${PO_LINES_MAX} lines` }),
  z.refine((lines) => new Set(lines.map((l) => l.product_id)).size === lines.length, { error: MESSAGES.poProductTwice }),
);

/** The body of `purchaseorders/create`: a draft for one vendor. */
export const poCreate = z.object({
  vendor_id: id,
  note: z.optional(text(PO_NOTE_MAX, { trim: true })),
  lines: poLines,
});
export type PoCreate = z.input<typeof poCreate>;

/** The body of `purchaseorders/{poId}/update` (drafts only): a new note, or all its lines. */
export const poUpdate = changes({
  note: text(PO_NOTE_MAX, { trim: true }),
  lines: poLines,
});
export type PoUpdate = z.input<typeof poUpdate>;

/** The body of `purchaseorders/{poId}/receive`: what came in, by line; lines not named did not. */
export const poReceive = z.object({
  lines: z
    .array(z.object({ line_id: id, quantity: poQuantity }))
    .check(
      z.minLength(1, { error: MESSAGES.poNothingReceived }),
      z.maxLength(PO_LINES_MAX, { error: `At most ${PO_LINES_MAX} lines` }),
      z.refine((lines) => new Set(lines.map((l) => l.line_id)).size === lines.length, { error: MESSAGES.poLineTwice }),
    ),
  note: z.optional(text(PO_NOTE_MAX, { trim: true })),
});
export type PoReceive = z.input<typeof poReceive>;

export const poLine = z.object({
  id,
  product_id: id,
  product_name: z.string(),
  unit: z.string(),
  barcode: z.nullable(z.string()),
  quantity: z.number(),
  received: z.number(),
  unit_cost: z.number(),
  /** The product's on-hand now (the stock ledger's sum), beside what is still to come. */
  on_hand: z.number(),
});
export type PoLine = z.infer<typeof poLine>;

export const poReceipt = z.object({
  id,
  received_at: instant,
  received_by: z.nullable(z.string()),
  note: z.string(),
  lines: z.array(z.object({ line_id: id, quantity: z.number() })),
});
export type PoReceipt = z.infer<typeof poReceipt>;

/** One order in the list. `total` is the cost of what was ordered, `received_total` of what came in (cents). */
export const poSummary = z.object({
  id,
  vendor_id: id,
  vendor_name: z.string(),
  status: poStatus,
  note: z.string(),
  lines: z.number(),
  total: z.number(),
  received_total: z.number(),
  created_at: instant,
  created_by: z.nullable(z.string()),
  sent_at: z.nullable(instant),
  received_at: z.nullable(instant),
  closed_at: z.nullable(instant),
});
export type PoSummary = z.infer<typeof poSummary>;

export const purchaseOrder = z.object({
  ...poSummary.def.shape,
  order_lines: z.array(poLine),
  receipts: z.array(poReceipt),
});
export type PurchaseOrder = z.infer<typeof purchaseOrder>;

/** One product the PO config says to order. */
export const reorderSuggestion = z.object({
  product_id: id,
  product_name: z.string(),
  category_name: z.string(),
  unit: z.string(),
  barcode: z.nullable(z.string()),
  vendor_id: id,
  vendor_name: z.string(),
  on_hand: z.number(),
  par_quantity: z.number(),
  full_quantity: z.number(),
  /** Already on open orders (drafts, sent and partly received) and not yet in. */
  on_order: z.number(),
  quantity: z.number(),
  unit_cost: z.number(),
});
export type ReorderSuggestionRow = z.infer<typeof reorderSuggestion>;

export const reorderSuggestions = z.object({
  config: poConfigName,
  suggestions: z.array(reorderSuggestion),
});
