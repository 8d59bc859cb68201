import { allBillingDests } from '@salondesk/core';
import type { Implementation } from '../../http/registry';
import { billingHandlers, type DestImplementation } from '../dispatcher';
import { adminHandlers } from './admin';
import { balanceHandlers } from './balances';
import { invoiceHandlers } from './invoices';
import { paymentHandlers } from './payments';
import { shareHandlers } from './share';
import { subscriptionHandlers } from './subscriptions';

/** Every billing dest's handler (52), by group. */
export const allBillingDestHandlers = (): DestImplementation[] => [
  ...subscriptionHandlers(),
  ...adminHandlers(),
  ...balanceHandlers(),
  ...paymentHandlers(),
  ...invoiceHandlers(),
];

/** The billing dispatcher's four routes and the share link's two public ones. */
export const billingRouteHandlers = (): Implementation[] => [...billingHandlers(allBillingDests, allBillingDestHandlers()), ...shareHandlers()];
