/**
 * A handler result that is already JSON text: the registry sends it as the envelope's `data`
 * without parsing it with the endpoint's response schema (and without `JSON.stringify`).
 *
 * This is a deliberate exception to "every response is parsed with its schema", for the hot
 * lists whose JSON PostgreSQL builds itself (`json_build_object`, `row_to_json`): parsing and
 * re-serialising hundreds of kilobytes in Node is where their time went. Its shape is
 * guaranteed elsewhere, and whoever uses it must provide both guarantees:
 * - a contract test that parses the SQL-built body with the endpoint's zod schema over sample
 *   data covering the edge cases (see `transactions/day-list.test.ts`);
 * - the server option `verifyPreSerialized` (on in every API test through `startTestServer`),
 *   which makes the registry parse each pre-serialised body with the schema anyway and answer
 *   500 when it does not match, so every API test doubles as a contract test.
 *
 * The phantom type ties the text to the endpoint's result type: `preSerialized<TransactionDay>(json)`.
 */
const PRE_SERIALIZED = Symbol('salondesk.preSerialized');

export interface PreSerialized<T> {
  readonly [PRE_SERIALIZED]: true;
  /** The JSON text of a value of type T. */
  readonly json: string;
  /** Never set: carries T for the handler's return type. */
  readonly type?: T;
}

/** Marks JSON text (of a `T`, guaranteed by the caller's contract test) as a handler result. */
export const preSerialized = <T>(json: string): PreSerialized<T> => ({ [PRE_SERIALIZED]: true, json });

export const isPreSerialized = (value: unknown): value is PreSerialized<unknown> =>
  typeof value === 'object' && value !== null && PRE_SERIALIZED in value;
