import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { id } from '../models/ids';
import {
  adHocQuery,
  type AdHocQuery,
  embedAddress,
  newQuestionCard,
  type NewQuestionCard,
  questionCard,
  questionCardChanges,
  type QuestionCardChanges,
  questionQuery,
  questionResult,
} from '../models/questions';
import type { ReportParameterValues } from '../models/reports';
import { defineEndpoint } from './endpoint';
import type { Transport } from './transport';

/**
 * The questions service (spec 000 §7 Reports: "Calls to a dashboards-and-questions service: card
 * and query calls") and the signed address of an embed report. Per business; admins and users
 * with `reporting.customreport` (Custom reports) only. A card of another business is not found.
 */
const P = '/protected/business/{id}';
const business = z.object({ id });
const oneCard = z.object({ id, questionId: id });

export const questionEndpoints = {
  list: defineEndpoint({
    name: 'questions.list',
    method: 'GET',
    path: `${P}/card`,
    access: 'business',
    permission: 'reporting.customreport',
    params: business,
    response: z.array(questionCard),
    errorMessage: MESSAGES.failedToFetchData,
  }),
  get: defineEndpoint({
    name: 'questions.get',
    method: 'GET',
    path: `${P}/card/{questionId}`,
    access: 'business',
    permission: 'reporting.customreport',
    params: oneCard,
    response: questionCard,
    errorMessage: MESSAGES.failedToFetchCardDetails,
  }),
  add: defineEndpoint({
    name: 'questions.add',
    method: 'POST',
    path: `${P}/card/new`,
    access: 'business',
    permission: 'reporting.customreport',
    params: business,
    body: newQuestionCard,
    response: questionCard,
    errorMessage: MESSAGES.failedToAdd,
    successMessage: MESSAGES.addedSuccessfully,
  }),
  update: defineEndpoint({
    name: 'questions.update',
    method: 'POST',
    path: `${P}/card/{questionId}/update`,
    access: 'business',
    permission: 'reporting.customreport',
    params: oneCard,
    body: questionCardChanges,
    response: questionCard,
    errorMessage: MESSAGES.failedToUpdate,
    successMessage: MESSAGES.updatedSuccessfully,
  }),
  remove: defineEndpoint({
    name: 'questions.remove',
    method: 'POST',
    path: `${P}/card/{questionId}/delete`,
    access: 'business',
    permission: 'reporting.customreport',
    params: oneCard,
    response: z.object({ id }),
    errorMessage: MESSAGES.requestFailedShort,
    successMessage: MESSAGES.deletedSuccessfully,
  }),
  /** Runs a saved card with its own parameter values, overridden by those given. */
  query: defineEndpoint({
    name: 'questions.query',
    method: 'POST',
    path: `${P}/card/{questionId}/query`,
    access: 'business',
    permission: 'reporting.customreport',
    params: oneCard,
    body: questionQuery,
    response: questionResult,
    errorMessage: MESSAGES.failedToRunQuery,
  }),
  /** Runs a source that is not saved yet (the card editor's preview). */
  adHoc: defineEndpoint({
    name: 'questions.adHoc',
    method: 'POST',
    path: `${P}/query`,
    access: 'business',
    permission: 'reporting.customreport',
    params: business,
    body: adHocQuery,
    response: questionResult,
    errorMessage: MESSAGES.failedToRunQuery,
  }),
  /**
   * The signed address of an embed report (custom report of type `embed` with a `metabase_id`),
   * for the viewer's iframe: Metabase's when it is configured, else the API's own stand-in.
   */
  embed: defineEndpoint({
    name: 'questions.embed',
    method: 'GET',
    path: `${P}/customreport/{reportId}/embed`,
    access: 'business',
    permission: 'reporting.customreport',
    params: z.object({ id, reportId: id }),
    response: embedAddress,
    errorMessage: MESSAGES.failedToFetchData,
  }),
} as const;

export function questionsClient(transport: Transport) {
  const e = questionEndpoints;
  return {
    /** The cards of a business: `client.questions.list(1)`. */
    list: (businessId: number) => transport.request(e.list, { params: { id: businessId } }),
    get: (businessId: number, questionId: number) => transport.request(e.get, { params: { id: businessId, questionId } }),
    /** `client.questions.add(1, { name: 'Sales by staff', source: { kind: 'function', name: 'sales_by_staff' }, visualization: { display: 'bar', dimension: 'staff', metrics: ['net_sales'] } })` */
    add: (businessId: number, card: NewQuestionCard) => transport.request(e.add, { params: { id: businessId }, body: card }),
    update: (businessId: number, questionId: number, changes: QuestionCardChanges) => transport.request(e.update, { params: { id: businessId, questionId }, body: changes }),
    remove: (businessId: number, questionId: number) => transport.request(e.remove, { params: { id: businessId, questionId } }),
    /** Runs a card: `client.questions.query(1, 7, { start_day: '2026-01-01' })`. */
    query: (businessId: number, questionId: number, params: ReportParameterValues = {}) => transport.request(e.query, { params: { id: businessId, questionId }, body: { params } }),
    /** Runs a source before it is saved as a card (the editor's preview). */
    adHoc: (businessId: number, query: AdHocQuery) => transport.request(e.adHoc, { params: { id: businessId }, body: query }),
    /** The signed address of an embed report, valid 10 minutes at most. */
    embed: (businessId: number, reportId: number) => transport.request(e.embed, { params: { id: businessId, reportId } }),
  };
}
