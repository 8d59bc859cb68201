import { canOpenReceipt, MESSAGES, receiptPopupFeatures } from '@salondesk/core';
import { toasts } from './toasts';

/** Opens a receipt in its 480×640 popup, or says it is not available (spec 001 §5, §9): a ticket's and a web payment's. */
export function openReceipt(url: string | null | undefined): void {
  if (!canOpenReceipt(url)) {
    toasts.error(MESSAGES.receiptNotAvailable);
    return;
  }
  window.open(url, 'salondesk-receipt', receiptPopupFeatures());
}
