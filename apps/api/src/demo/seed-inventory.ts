import { addDays, dayInZone, movementDelta, STOCK_REASON, STOCK_SOURCE, type StockReason, type StockUnit, toMilli, fromMilli, withCheckDigit } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { categories, products, vendors } from '../catalogue/schema';
import { type StockMovementInput, recordStockMovements } from '../inventory/ledger';
import { type Executor, rows } from '../db/executor';

/**
 * The demo's inventory for one location (issue 14): four vendors; the five retail products of the
 * menu with par and full levels; 195 backbar and supply products (colour in grams, developer in
 * millilitres, supplies by the piece) with valid EAN-13 barcodes — 200 in all; and a year of stock
 * movements consistent with the year of tickets, written through `recordStockMovements` like every
 * other writer: an opening count on the first day, each completed ticket's product lines as `USED`
 * (source `sale`, tied to the line), a refund that returned everything putting its lines back, weekly
 * deliveries (`NEWSTOCK`) when a product is at or below par, backbar used in services through the
 * week, a few damaged, lost and stolen items, and a recount each quarter. Deterministic (fixed seed).
 */

const VENDORS = [
  { name: 'Pacific Beauty Supply', email: 'orders@pacificbeauty.example', phone: '+1 310 555 0190', account_number: 'PBS-20417' },
  { name: 'Lumière Professional', email: 'pro@lumiere.example', phone: '+1 212 555 0133', account_number: 'LUM-88120' },
  { name: 'Northwind Salon Goods', email: 'sales@northwind.example', phone: '+1 646 555 0172', account_number: 'NWS-5521' },
  { name: 'Verde Botanicals', email: 'hello@verde.example', phone: '+1 415 555 0148', account_number: 'VB-3090' },
] as const;

/** What the inventory adds to each location's menu: three categories of 195 backbar and supply products. */
export const DEMO_INVENTORY_CATEGORIES = 3;
export const DEMO_BACKBAR_PRODUCTS = 195;

interface DemoLine {
  name: string;
  unit: StockUnit;
  /** Cost per unit in the location's currency, major units. */
  cost: number;
  par: number;
  full: number;
  /** Used per service day, on average (backbar and supplies). */
  usePerDay: number;
}

const SHADES = ['1N', '3N', '4N', '5N', '5G', '6N', '6A', '6G', '7N', '7A', '7G', '8N', '8A', '8G', '9N', '9A', '10N', '10V', '5RV', '6RR', '7C', '8C', '9V', '4R', '6CC'];
const BRANDS = ['Lumière Color', 'Verde Naturals', 'Pacific Pro'];

/** 195 backbar and supply lines: colour tubes by shade and brand (grams), developers and care (ml), supplies (each). */
function backbarLines(): { category: string; lines: DemoLine[] }[] {
  const colour: DemoLine[] = [];
  for (const brand of BRANDS) for (const shade of SHADES) colour.push({ name: `${brand} ${shade} 60g`, unit: 'g', cost: 0.14, par: 120, full: 480, usePerDay: 18 });
  const developers: DemoLine[] = [];
  for (const brand of BRANDS) {
    for (const vol of ['10 vol', '20 vol', '30 vol', '40 vol']) developers.push({ name: `${brand} Developer ${vol} 1L`, unit: 'ml', cost: 0.012, par: 1000, full: 4000, usePerDay: 160 });
    for (const care of ['Bond Treatment', 'Toner Gloss', 'Pre-Colour Primer', 'Colour Remover', 'Scalp Protector', 'Lightener Powder']) {
      developers.push({ name: `${brand} ${care}`, unit: care === 'Lightener Powder' ? 'g' : 'ml', cost: 0.05, par: 250, full: 1000, usePerDay: 30 });
    }
  }
  const care: DemoLine[] = [];
  for (const size of ['Backbar Shampoo 5L', 'Backbar Conditioner 5L', 'Backbar Mask 2L', 'Massage Oil 1L', 'Facial Cleanser 500ml', 'Cuticle Remover 500ml', 'Acetone 1L', 'Nail Primer 100ml', 'Gel Base 100ml', 'Gel Top 100ml']) {
    for (const brand of BRANDS) care.push({ name: `${brand} ${size}`, unit: 'ml', cost: 0.02, par: 500, full: 3000, usePerDay: 60 });
  }
  const supplies: DemoLine[] = [];
  const items = ['Foils (box)', 'Gloves (box)', 'Neck Strips (roll)', 'Cotton Pads (pack)', 'Disposable Capes (pack)', 'Nail Files (pack)', 'Towels (pack)', 'Wax Strips (pack)', 'Applicator Brushes', 'Mixing Bowls',
    'Sectioning Clips (pack)', 'Razor Blades (box)', 'Spray Bottles', 'Wax Pot Liners', 'Toe Separators (pack)', 'Shower Caps (pack)', 'Headbands', 'Sanitizer 1L', 'Paper Rolls', 'Tint Brushes',
    'Lash Glue', 'Brow Tint', 'Face Masks (box)', 'Pumice Stones', 'Orange Sticks (pack)', 'Cotton Rounds (pack)', 'Hair Ties (pack)', 'Bobby Pins (box)', 'Perm Rods (set)', 'Neck Brushes',
    'Timer', 'Colour Scale', 'Foil Dispenser', 'Trolley Liners', 'Mirror Wipes', 'Disinfectant 5L', 'Laundry Detergent 5L', 'Coffee Pods (box)', 'Tea (box)', 'Water Cups (pack)',
    'Receipt Paper (box)', 'Gift Bags (pack)', 'Tissue Paper (pack)', 'Cotton Buds (box)', 'Nail Wipes (pack)', 'Paraffin Wax (block)', 'Lotion 1L', 'Body Scrub 1L', 'Aromatherapy Oil', 'Candles',
    'Hand Soap 5L', 'Bin Liners (roll)', 'Vacuum Bags', 'Aprons', 'Colour Charts', 'Client Gowns', 'Hairnets (pack)', 'Comb Set', 'Paddle Brushes', 'Round Brushes',
    'Clipper Oil', 'Blade Wash', 'Styling Gel Backbar 1L', 'Hairspray Backbar', 'Mousse Backbar', 'Heat Protect Backbar', 'Shine Serum Backbar', 'Texture Paste Backbar', 'Dry Shampoo Backbar', 'Sea Salt Spray Backbar'];
  for (const item of items) supplies.push({ name: item, unit: 'each', cost: 6, par: 4, full: 16, usePerDay: 0.5 });
  // 75 colour tubes, 60 developers and care lines, 60 supplies: 195, with the menu's 5 retail products 200.
  return [
    { category: 'Backbar — Colour', lines: colour },
    { category: 'Backbar — Developers & Care', lines: [...developers, ...care] },
    { category: 'Supplies', lines: supplies.slice(0, 60) },
  ];
}

export interface InventorySeedOptions {
  businessId: number;
  timezone: string;
  /** How many of the location's currency units make a US dollar (1 for USD), for costs. */
  costScale: number;
  /** Days of history, ending today (the same as the tickets). */
  days: number;
  now: Date;
  seed: number;
}

interface SaleLine {
  id: number;
  checkout_id: number;
  product_id: number;
  quantity: number;
  day: string;
  at: Date | string;
}

export async function seedInventory(tx: Executor, o: InventorySeedOptions): Promise<{ products: number; movements: number }> {
  const rng = xoroshiro128plus(o.seed + o.businessId * 7919);
  const int = (from: number, to: number) => uniformInt(rng, from, to);

  const vendorRows = await tx.insert(vendors).values(VENDORS.map((v) => ({ ...v, business_id: o.businessId }))).returning({ id: vendors.id });
  const vendorIds = vendorRows.map((v) => v.id);

  // The menu's retail products: a vendor, par and full levels.
  const retail = await rows<{ id: number; cost: number }>(tx, sql`select id, cost from products where business_id = ${o.businessId} and deleted_at is null order by id`);
  for (const [i, p] of retail.entries()) {
    await tx.update(products).set({ vendor_id: vendorIds[i % vendorIds.length]!, vendor_item: `R-${1000 + i}` }).where(sql`id = ${p.id}`);
  }

  // 195 backbar and supply products, in categories after the menu's.
  const [{ maxOrder } = { maxOrder: 0 }] = await rows<{ maxOrder: number }>(tx, sql`select coalesce(max("order"), 0)::int as "maxOrder" from categories where business_id = ${o.businessId}`);
  const created: { id: number; line: DemoLine }[] = [];
  let serial = 0;
  for (const [ci, group] of backbarLines().entries()) {
    const [category] = await tx.insert(categories).values({ business_id: o.businessId, name: group.category, order: maxOrder + ci + 1, categorystatus: 2 }).returning({ id: categories.id });
    const values = group.lines.map((line, i) => {
      serial += 1;
      return {
        business_id: o.businessId,
        category_id: category!.id,
        name: line.name,
        price: 0,
        cost: Math.max(1, Math.round(line.cost * o.costScale * 100)),
        productstatus: 1,
        barcode: withCheckDigit(`2${String(o.businessId).padStart(2, '0')}${String(serial).padStart(9, '0')}`),
        product_code: `BB-${String(serial).padStart(4, '0')}`,
        vendor_id: vendorIds[(ci + i) % vendorIds.length]!,
        vendor_item: `V-${ci + 1}${String(i + 1).padStart(3, '0')}`,
        unit: line.unit,
        par_quantity: line.par,
        full_quantity: line.full,
        order: i + 1,
        attributes: { taxable: false },
      };
    });
    const ids = await tx.insert(products).values(values).returning({ id: products.id });
    ids.forEach((row, i) => created.push({ id: row.id, line: group.lines[i]! }));
  }

  if (o.days <= 0) return { products: retail.length + created.length, movements: 0 };

  // The year, walked day by day in order: the ledger replays movements in the order written.
  const today = dayInZone(o.now, o.timezone);
  const first = addDays(today, -(o.days - 1));
  const sales = await rows<SaleLine>(
    tx,
    sql`select l.id, l.checkout_id, l.product_id, l.quantity, to_char(l.day, 'YYYY-MM-DD') as day, c.created_at as at
        from saleslogs l join checkouts c on c.id = l.checkout_id
        where l.business_id = ${o.businessId} and l.kind = 'product' and l.product_id is not null and not l.voided and c.voided_at is null
        order by c.created_at, l.id`,
  );
  const fullRefunds = await rows<{ checkout_id: number; day: string; at: Date | string }>(
    tx,
    sql`select r.checkout_id, to_char(r.day, 'YYYY-MM-DD') as day, r.created_at as at from refunds r join checkouts c on c.id = r.checkout_id
        where r.business_id = ${o.businessId} and c.refunded >= c.cashamount + c.creditamount + c.giftamount and c.voided_at is null
        and r.id = (select max(x.id) from refunds x where x.checkout_id = r.checkout_id)`,
  );
  const salesByDay = groupBy(sales, (s) => s.day);
  const refundsByDay = groupBy(fullRefunds, (r) => r.day);
  const linesByCheckout = groupBy(sales, (s) => String(s.checkout_id));

  // Retail levels from the year's sales: par a week of sales, full two weeks.
  const levels = new Map<number, { par: number; full: number; usePerDay: number; milli: number }>();
  const weeks = Math.max(1, o.days / 7);
  for (const p of retail) {
    const sold = sales.filter((s) => s.product_id === p.id).reduce((n, s) => n + s.quantity, 0);
    const par = Math.max(6, Math.ceil(sold / weeks));
    levels.set(p.id, { par, full: par * 2, usePerDay: 0, milli: 0 });
    await tx.update(products).set({ par_quantity: par, full_quantity: par * 2 }).where(sql`id = ${p.id}`);
  }
  for (const c of created) levels.set(c.id, { par: c.line.par, full: c.line.full, usePerDay: c.line.usePerDay, milli: 0 });

  const movements: StockMovementInput[] = [];
  const at = (day: string, hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
  const push = (m: StockMovementInput & { day: string }) => {
    const level = levels.get(m.product_id)!;
    level.milli += toMilli(movementDelta(fromMilli(level.milli), m.reason, m.quantity));
    movements.push(m);
  };
  const vary = (base: number, unit: StockUnit) => {
    const q = base * (0.5 + int(0, 100) / 100);
    return unit === 'each' ? Math.max(1, Math.round(q)) : Math.round(q * 1000) / 1000;
  };
  const unitOf = (id: number) => created.find((c) => c.id === id)?.line.unit ?? 'each';

  for (const [id, level] of levels) push({ product_id: id, reason: STOCK_REASON.OTHER, quantity: level.full, source: STOCK_SOURCE.OPENING, note: 'Opening count', day: first, at: at(first, 15) });

  for (let day = first; day <= today; day = addDays(day, 1)) {
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    // Backbar used through the day's services (not on Sundays).
    if (weekday !== 0) {
      for (const c of created) {
        if (int(0, 6) !== 0) continue;
        const level = levels.get(c.id)!;
        const quantity = Math.min(vary(level.usePerDay * 6, c.line.unit), fromMilli(Math.max(level.milli, 0)));
        if (quantity > 0) push({ product_id: c.id, reason: STOCK_REASON.USED, quantity, source: STOCK_SOURCE.DEMO, note: 'Used in services', day, at: at(day, 23) });
      }
    }
    for (const s of salesByDay.get(day) ?? []) {
      push({ product_id: s.product_id, reason: STOCK_REASON.USED, quantity: s.quantity, source: STOCK_SOURCE.SALE, checkout_id: s.checkout_id, saleslog_id: s.id, day, at: new Date(s.at) });
    }
    for (const r of refundsByDay.get(day) ?? []) {
      for (const s of linesByCheckout.get(String(r.checkout_id)) ?? []) {
        push({ product_id: s.product_id, reason: STOCK_REASON.ADJUSTMENT_ADD, quantity: s.quantity, source: STOCK_SOURCE.REFUND, note: 'Ticket refunded in full', checkout_id: s.checkout_id, saleslog_id: s.id, day, at: new Date(r.at) });
      }
    }
    // A write-off now and then.
    if (int(0, 24) === 0) {
      const ids = [...levels.keys()];
      const id = ids[int(0, ids.length - 1)]!;
      const reason = ([STOCK_REASON.DAMAGED, STOCK_REASON.LOST, STOCK_REASON.STOLEN] as StockReason[])[int(0, 2)]!;
      const level = levels.get(id)!;
      const unit = unitOf(id);
      const quantity = Math.min(unit === 'each' ? 1 : vary(level.usePerDay, unit), fromMilli(Math.max(level.milli, 0)));
      if (quantity > 0) push({ product_id: id, reason, quantity, source: STOCK_SOURCE.ADJUSTMENT, note: reason === 'DAMAGED' ? 'Broken on the shelf' : reason === 'LOST' ? 'Not found at the count' : 'Missing from the display', day, at: at(day, 18) });
    }
    // Mondays and Thursdays: a delivery brings every product at or below par back to full.
    if (weekday === 1 || weekday === 4) {
      for (const [id, level] of levels) {
        if (level.milli <= toMilli(level.par)) {
          push({ product_id: id, reason: STOCK_REASON.NEWSTOCK, quantity: fromMilli(toMilli(level.full) - Math.min(level.milli, toMilli(level.full))), source: STOCK_SOURCE.DEMO, note: 'Weekly delivery', day, at: at(day, 16) });
        }
      }
    }
    // The first day of each quarter: an exact recount of the retail shelf.
    if (day.endsWith('-01') && ['01', '04', '07', '10'].includes(day.slice(5, 7))) {
      for (const p of retail) {
        const level = levels.get(p.id)!;
        push({ product_id: p.id, reason: STOCK_REASON.ADJUSTMENT, quantity: fromMilli(Math.max(0, level.milli)), source: STOCK_SOURCE.ADJUSTMENT, note: 'Quarterly recount', day, at: at(day, 14) });
      }
    }
  }

  await recordStockMovements(tx, { businessId: o.businessId, day: first, movements });
  return { products: retail.length + created.length, movements: movements.length };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}
