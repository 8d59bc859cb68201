/**
 * Transaction statuses and their labels as shown to users (spec 001 §4). A module of its own,
 * without dependencies: the SDK's models read it.
 */
export const TRANSACTION_STATUS = {
  CHECKIN: 'CHECKIN',
  ASSIGNED: 'ASSIGNED',
  ACTIVE: 'ACTIVE',
  PAYMENTREADY: 'PAYMENTREADY',
  CHECKOUTREADY: 'CHECKOUTREADY',
  CHECKOUT: 'CHECKOUT',
  SERVICE_NOCHECKOUT: 'SERVICE_NOCHECKOUT',
  CHECKIN_NOSERVICE: 'CHECKIN_NOSERVICE',
  DELETED: 'DELETED',
} as const;
export type TransactionStatus = (typeof TRANSACTION_STATUS)[keyof typeof TRANSACTION_STATUS];
export const TRANSACTION_STATUSES = Object.values(TRANSACTION_STATUS) as [TransactionStatus, ...TransactionStatus[]];

/** The status as shown to users (spec 001 §4). */
export const TRANSACTION_STATUS_LABEL = {
  CHECKOUT: 'Completed',
  SERVICE_NOCHECKOUT: 'Deleted after service',
  CHECKIN_NOSERVICE: 'Deleted before service',
  ACTIVE: 'In Service',
  PAYMENTREADY: 'In Service',
  CHECKOUTREADY: 'In Service',
  CHECKIN: 'In queue',
  ASSIGNED: 'In queue',
  DELETED: 'Deleted',
} as const satisfies Record<TransactionStatus, string>;
export type TransactionStatusLabel = (typeof TRANSACTION_STATUS_LABEL)[TransactionStatus];

