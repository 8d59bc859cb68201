import { MESSAGES, metabaseQuestionTaken, type QuestionCard, questionCard, type ReportParameterValues, type ReportSource, type QuestionVisualization } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { HttpError } from '../../http/errors';
import { isUniqueViolation } from '../../staff/queries';
import { type Executor, rows } from '../../db/executor';
import { iso } from '../../db/instants';

interface CardRow {
  id: number;
  business_id: number;
  name: string;
  description: string;
  source: unknown;
  params: unknown;
  visualization: unknown;
  metabase_id: number | null;
  created_by: number | null;
  updated_at: Date | string;
}

const COLUMNS = sql`id, business_id, name, description, source, params, visualization, metabase_id, created_by, updated_at`;

/** A stored card as the contract sends it (parsed: what was stored through the contract reads back the same). */
const toCard = (row: CardRow): QuestionCard => questionCard.parse({ ...row, updated_at: iso(row.updated_at) });

/** What a card is made of, as the handlers have checked it. */
export interface CardFields {
  name: string;
  description: string;
  source: ReportSource;
  params: ReportParameterValues;
  visualization: QuestionVisualization;
  metabase_id: number | null;
}

export async function listCards(db: Executor, businessId: number): Promise<QuestionCard[]> {
  return (await rows<CardRow>(db, sql`select ${COLUMNS} from questions_cards where business_id = ${businessId} order by lower(name), id`)).map(toCard);
}

/** A card of this business; another business's card is not found, like one that does not exist. */
export async function findCard(db: Executor, businessId: number, cardId: number): Promise<QuestionCard> {
  const [row] = await rows<CardRow>(db, sql`select ${COLUMNS} from questions_cards where id = ${cardId} and business_id = ${businessId}`);
  if (!row) throw new HttpError(404, MESSAGES.questionCardNotFound);
  return toCard(row);
}

/** The card of a business standing for a Metabase question, or null. */
export async function findCardByMetabaseId(db: Executor, businessId: number, metabaseId: number): Promise<QuestionCard | null> {
  const [row] = await rows<CardRow>(db, sql`select ${COLUMNS} from questions_cards where business_id = ${businessId} and metabase_id = ${metabaseId}`);
  return row ? toCard(row) : null;
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** Two cards of a business cannot stand for one Metabase question: a clear 409, nothing saved. */
async function checkMetabaseIdFree(db: Executor, businessId: number, metabaseId: number | null, exceptId?: number): Promise<void> {
  if (metabaseId === null) return;
  const [taken] = await rows<{ id: number }>(
    db,
    sql`select id from questions_cards where business_id = ${businessId} and metabase_id = ${metabaseId} ${exceptId === undefined ? sql`` : sql`and id <> ${exceptId}`}`,
  );
  if (taken) throw new HttpError(409, metabaseQuestionTaken(metabaseId), { issues: [{ path: ['metabase_id'], message: metabaseQuestionTaken(metabaseId) }] });
}

export async function insertCard(db: Executor, businessId: number, userId: number | null, card: CardFields): Promise<QuestionCard> {
  await checkMetabaseIdFree(db, businessId, card.metabase_id);
  const [row] = await rows<CardRow>(
    db,
    sql`insert into questions_cards (business_id, name, description, source, params, visualization, metabase_id, created_by)
      values (${businessId}, ${card.name}, ${card.description}, ${json(card.source)}, ${json(card.params)}, ${json(card.visualization)}, ${card.metabase_id}, ${userId})
      on conflict do nothing
      returning ${COLUMNS}`,
  );
  // Another request took the Metabase id between the check and the insert.
  if (!row) throw new HttpError(409, metabaseQuestionTaken(card.metabase_id ?? 0));
  return toCard(row);
}

export async function updateCard(db: Executor, businessId: number, cardId: number, card: CardFields): Promise<QuestionCard> {
  await checkMetabaseIdFree(db, businessId, card.metabase_id, cardId);
  try {
    const [row] = await rows<CardRow>(
      db,
      sql`update questions_cards set name = ${card.name}, description = ${card.description}, source = ${json(card.source)}, params = ${json(card.params)},
        visualization = ${json(card.visualization)}, metabase_id = ${card.metabase_id}, updated_at = now()
        where id = ${cardId} and business_id = ${businessId}
        returning ${COLUMNS}`,
    );
    if (!row) throw new HttpError(404, MESSAGES.questionCardNotFound);
    return toCard(row);
  } catch (error) {
    if (isUniqueViolation(error) && card.metabase_id !== null) throw new HttpError(409, metabaseQuestionTaken(card.metabase_id));
    throw error;
  }
}

export async function deleteCard(db: Executor, businessId: number, cardId: number): Promise<{ id: number }> {
  const [row] = await rows<{ id: number }>(db, sql`delete from questions_cards where id = ${cardId} and business_id = ${businessId} returning id`);
  if (!row) throw new HttpError(404, MESSAGES.questionCardNotFound);
  return row;
}
