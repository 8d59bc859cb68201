import { MESSAGES, type WebPayment } from '@salondesk/core';
import { openReceipt } from '../../app/openReceipt';
import { Button } from '../../ui/Button';

/** A web payment's receipt: a button opening it in its popup, or `Receipt Not Available` when the provider gave none (spec 001 §5). */
export function ReceiptCell({ payment }: { payment: Pick<WebPayment, 'receipt' | 'providerTxId'> }) {
  return payment.receipt ? (
    <Button variant="ghost" size="sm" onClick={() => openReceipt(payment.receipt)} aria-label={`Receipt of ${payment.providerTxId}`}>
      Receipt
    </Button>
  ) : (
    <span className="text-slate-500">{MESSAGES.receiptNotAvailable}</span>
  );
}
