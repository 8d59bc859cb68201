import { z } from 'zod/mini';
import { businessSummary } from './business';
import { user } from './user';

/** Who is signed in and which businesses they may open. */
export const session = z.object({
  user,
  businesses: z.array(businessSummary),
});
export type Session = z.infer<typeof session>;
