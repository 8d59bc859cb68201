import { z } from 'zod';
import { API_ERROR_CODE } from '../errors';

/** A successful response: `{ status: true, data, message? }`. */
export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal(true), data, message: z.string().optional() });

const apiErrorCode = z.enum(Object.values(API_ERROR_CODE) as [string, ...string[]]);

/** A failed response: `{ status: false, message, code?, issues? }`. */
export const failureEnvelope = z.object({
  status: z.literal(false),
  message: z.string(),
  code: apiErrorCode.optional(),
  issues: z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() })).optional(),
});
export type FailureEnvelope = z.infer<typeof failureEnvelope>;
