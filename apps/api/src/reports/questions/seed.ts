import type { NewQuestionCard } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { customReportsOffered } from '../catalogue/queries';

/**
 * The demo's saved questions: in every location, a dozen cards over the report functions, each
 * standing for a Metabase question 101–112 — the ids the demo's embed reports name, so opening one
 * shows its card through the stand-in. Their parameters are left to the functions' defaults (this
 * month so far), so they show the current month whenever the demo is opened.
 */
export const DEMO_QUESTION_CARDS: readonly (NewQuestionCard & { metabase_id: number })[] = [
  { metabase_id: 101, name: 'Sales by day', description: 'Gross and net sales of each day this month.', source: { kind: 'function', name: 'sales_by_day' }, visualization: { display: 'line', dimension: 'day', metrics: ['gross_sales', 'net_sales'] } },
  { metabase_id: 102, name: 'Sales by staff', description: 'Gross sales credited to each staff member this month.', source: { kind: 'function', name: 'sales_by_staff' }, visualization: { display: 'bar', dimension: 'staff', metrics: ['gross_sales'] } },
  { metabase_id: 103, name: 'Sales by service', description: 'Gross sales of each service this month.', source: { kind: 'function', name: 'sales_by_service' }, visualization: { display: 'bar', dimension: 'service', metrics: ['gross_sales'] } },
  { metabase_id: 104, name: 'Retail by product', description: 'Products sold this month, with cost and margin.', source: { kind: 'function', name: 'retail_by_product' }, visualization: { display: 'table' } },
  { metabase_id: 105, name: 'Tips by staff', description: 'Tips each staff member received this month.', source: { kind: 'function', name: 'tips_by_staff' }, visualization: { display: 'bar', dimension: 'staff', metrics: ['tips'] } },
  { metabase_id: 106, name: 'Customer visits', description: 'Customers who visited this month, with what they spent.', source: { kind: 'function', name: 'customer_visits' }, visualization: { display: 'table', columns: ['customer', 'visits', 'last_visit', 'spent'] } },
  { metabase_id: 107, name: 'Prepaid balance by day', description: 'What prepaid cards hold at the end of each day.', source: { kind: 'function', name: 'prepaid_balance' }, params: { by_day: true }, visualization: { display: 'line', dimension: 'day', metrics: ['closing_balance'] } },
  { metabase_id: 108, name: 'Sales per visit by staff', description: 'Gross sales per visit of each staff member this month.', source: { kind: 'function', name: 'staff_sales_by_visit' }, visualization: { display: 'bar', dimension: 'staff', metrics: ['per_visit'] } },
  { metabase_id: 109, name: 'Service mix', description: 'Each service’s share of service sales this month.', source: { kind: 'function', name: 'sales_by_service' }, visualization: { display: 'pie', dimension: 'service', metric: 'gross_sales' } },
  { metabase_id: 110, name: 'Gross sales this month', description: 'Gross sales of completed tickets, this month so far.', source: { kind: 'function', name: 'sales_by_day' }, visualization: { display: 'number', field: 'gross_sales' } },
  { metabase_id: 111, name: 'Tickets this month', description: 'Completed tickets, this month so far.', source: { kind: 'function', name: 'sales_by_day' }, visualization: { display: 'number', field: 'tickets' } },
  { metabase_id: 112, name: 'Tip rate by staff', description: 'Tips as a share of each staff member’s gross sales this month.', source: { kind: 'function', name: 'tips_by_staff' }, visualization: { display: 'table', columns: ['staff', 'tickets', 'tips', 'tip_rate'] } },
];

const insert = (tx: Executor, businessId: number, card: NewQuestionCard & { metabase_id: number }) =>
  tx.execute(
    sql`insert into questions_cards (business_id, name, description, source, params, visualization, metabase_id)
      values (${businessId}, ${card.name}, ${card.description ?? ''}, ${JSON.stringify(card.source)}::jsonb, ${JSON.stringify(card.params ?? {})}::jsonb, ${JSON.stringify(card.visualization)}::jsonb, ${card.metabase_id})
      on conflict do nothing`,
  );

/**
 * Writes the demo cards into each of these businesses; then, so that every demo embed report of
 * the catalogue opens (whatever Metabase ids it names), a card for each one's question that has
 * none yet in its location, under the report's title.
 */
export async function seedQuestionCards(tx: Executor, businessIds: readonly number[]): Promise<void> {
  for (const businessId of businessIds) {
    for (const card of DEMO_QUESTION_CARDS) await insert(tx, businessId, card);
  }
  for (const businessId of businessIds) {
    const embeds = (await customReportsOffered(tx, [businessId], { kind: 'all' })).filter((r) => r.type === 'embed' && r.metabase_id !== null);
    for (const report of embeds) {
      const metabaseId = report.metabase_id as number;
      const like = DEMO_QUESTION_CARDS[(metabaseId - 1) % DEMO_QUESTION_CARDS.length] as (typeof DEMO_QUESTION_CARDS)[number];
      await insert(tx, businessId, { ...like, name: report.title, description: report.description, metabase_id: metabaseId });
    }
  }
}
