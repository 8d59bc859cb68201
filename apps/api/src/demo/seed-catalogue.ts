import type { Currency } from '@salondesk/core';
import type { Executor } from '../db/executor';
import { categories, products, services } from '../catalogue/schema';

/** How many minor units one US dollar of demo price is worth in each demo currency (rounded for menus). */
export const PRICE_SCALE: Record<Currency, number> = { USD: 1, EUR: 0.9, NPR: 130, AUD: 1.5, INR: 80, MXN: 17, CAD: 1.35 };

/** Menu prices end in .00 (or in whole tens of rupees). */
const price = (usd: number, currency: Currency): number => {
  const raw = usd * PRICE_SCALE[currency];
  const step = raw >= 1000 ? 10 : 1;
  return Math.round(raw / step) * step * 100;
};

interface DemoCategory {
  name: string;
  giftcard?: number;
  services?: readonly { name: string; usd: number; minutes: number; taxable?: boolean }[];
  products?: readonly { name: string; usd: number; costUsd: number; barcode: string; taxable?: boolean }[];
}

/** The same menu in every demo location, priced in its currency. */
export const DEMO_MENU: readonly DemoCategory[] = [
  {
    name: 'Hair',
    services: [
      { name: "Women's Cut & Style", usd: 75, minutes: 60 },
      { name: "Men's Cut", usd: 40, minutes: 30 },
      { name: 'Blowout', usd: 50, minutes: 45 },
      { name: 'Single Process Color', usd: 120, minutes: 90 },
      { name: 'Balayage', usd: 240, minutes: 180 },
    ],
  },
  {
    name: 'Nails',
    services: [
      { name: 'Classic Manicure', usd: 30, minutes: 30 },
      { name: 'Gel Manicure', usd: 50, minutes: 45 },
      { name: 'Spa Pedicure', usd: 60, minutes: 60, taxable: true },
    ],
  },
  {
    name: 'Spa',
    services: [
      { name: 'Swedish Massage 60', usd: 110, minutes: 60 },
      { name: 'Signature Facial', usd: 130, minutes: 75, taxable: true },
      { name: 'Brow Shaping', usd: 25, minutes: 15 },
    ],
  },
  {
    name: 'Retail',
    products: [
      { name: 'Hydrating Shampoo 300ml', usd: 28, costUsd: 12, barcode: '0850001000017' },
      { name: 'Repair Conditioner 300ml', usd: 30, costUsd: 13, barcode: '0850001000024' },
      { name: 'Texture Spray', usd: 26, costUsd: 10, barcode: '0850001000031' },
      { name: 'Cuticle Oil', usd: 14, costUsd: 5, barcode: '0850001000048' },
      { name: 'Salon Gift Bag', usd: 5, costUsd: 2, barcode: '0850001000055', taxable: false },
    ],
  },
  {
    name: 'Gift Cards',
    giftcard: 2,
    services: [
      { name: 'Gift Card 50', usd: 50, minutes: 0, taxable: false },
      { name: 'Gift Card 100', usd: 100, minutes: 0, taxable: false },
    ],
  },
];

/** Writes the demo menu (categories, services, products with stock) for one location. */
export async function seedCatalogue(tx: Executor, businessId: number, currency: Currency): Promise<void> {
  for (const [order, category] of DEMO_MENU.entries()) {
    const [row] = await tx
      .insert(categories)
      .values({ business_id: businessId, name: category.name, giftcard: category.giftcard ?? 0, order: order + 1 })
      .returning({ id: categories.id });
    const categoryId = (row as { id: number }).id;
    if (category.services?.length) {
      await tx.insert(services).values(
        category.services.map((s, i) => ({
          business_id: businessId,
          category_id: categoryId,
          name: s.name,
          price: price(s.usd, currency),
          duration_minutes: s.minutes,
          giftcard: category.giftcard ?? 0,
          order: i + 1,
          attributes: { taxable: s.taxable ?? false },
        })),
      );
    }
    if (category.products?.length) {
      await tx.insert(products).values(
        category.products.map((p, i) => ({
          business_id: businessId,
          category_id: categoryId,
          name: p.name,
          price: price(p.usd, currency),
          cost: price(p.costUsd, currency),
          barcode: p.barcode,
          product_code: `SKU-${String(i + 1).padStart(3, '0')}`,
          order: i + 1,
          attributes: p.taxable === false ? { taxable: false } : {},
        })),
      );
    }
  }
}
