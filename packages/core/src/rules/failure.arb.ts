import { fc } from '@fast-check/vitest';
import { ApiError, type ApiErrorCode } from '../errors';

/** An ApiError as the transport makes them: an HTTP answer (4xx, 5xx, with or without a code) or a network failure. */
export const apiErrorArb: fc.Arbitrary<ApiError> = fc.oneof(
  fc.record({ status: fc.integer({ min: 400, max: 599 }), message: fc.string({ minLength: 1 }) }).map((e) => new ApiError(e)),
  fc.constantFrom<ApiErrorCode>('NETWORK').map((code) => new ApiError({ status: 0, code, message: 'x' })),
  fc.record({ status: fc.constantFrom(200, 201), message: fc.string({ minLength: 1 }) }).map((e) => new ApiError({ ...e, code: 'INVALID_RESPONSE' })),
);
