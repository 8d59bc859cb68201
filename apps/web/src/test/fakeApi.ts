export { adminSession, businessDetail, fail, fakeApi, ok, ownerSession, type Reply, type Routes } from '@salondesk/core/testing';

import { ownerSession as coreOwnerSession } from '@salondesk/core/testing';

/** The owner with the unrestricted acl a real owner has: may open every section of the business. */
export const unrestrictedOwnerSession = { ...coreOwnerSession, user: { ...coreOwnerSession.user, acl: { blocks: ['unrestricted'] } } };
