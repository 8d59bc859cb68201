import { z } from 'zod/mini';
import { API_ERROR_CODE } from '../errors';

/** A successful response: `{ status: true, data, message? }`. */
export const successEnvelope = <T extends z.ZodMiniType>(data: T) =>
  z.object({ status: z.literal(true), data, message: z.optional(z.string()) });

const apiErrorCode = z.enum(Object.values(API_ERROR_CODE) as [string, ...string[]]);

/** A failed response: `{ status: false, message, code?, issues? }`. */
export const failureEnvelope = z.object({
  status: z.literal(false),
  message: z.string(),
  code: z.optional(apiErrorCode),
  issues: z.optional(z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))),
});
export type FailureEnvelope = z.infer<typeof failureEnvelope>;
