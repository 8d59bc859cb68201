import { ADJUST_REASONS, CARD_ENTRY_LABEL, CARD_KIND_LABEL, cardCan, MESSAGES, type AdjustReason, type CardKind, type CardLedgerEntry, type PrepaidCardDetail } from '@salondesk/core';
import { useCardAction } from '@salondesk/react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { TicketLink } from '../../../app/TicketLink';
import { toasts } from '../../../app/toasts';
import { useAmount } from '../../../app/useAmount';
import { AmountField } from '../../../ui/AmountField';
import { Button } from '../../../ui/Button';
import type { DataColumn } from '../../../ui/DataTable';
import { DetailCard } from '../../../ui/DetailCard';
import { Modal } from '../../../ui/Modal';
import { SegmentedControl } from '../../../ui/SegmentedControl';
import { SelectField } from '../../../ui/SelectField';
import { Skeleton } from '../../../ui/Skeleton';
import { StatusBadge } from '../../../ui/StatusBadge';
import { TextAreaField } from '../../../ui/TextAreaField';
import { cardBadge, maskedCard } from '../prepaidBadges';
import { FormActions } from '../../../ui/FormActions';

type Dialog = 'load' | 'adjust' | 'void' | null;

/** A card's details, its ledger (oldest first, the balance after each entry) and its actions. */
export function CardDetail({
  businessId,
  kind,
  cardNumber,
  card,
  money,
  symbol,
  onClose,
}: {
  businessId: number;
  kind: CardKind;
  cardNumber: string;
  card: PrepaidCardDetail | undefined;
  money: (cents: number) => string;
  symbol: string;
  onClose: () => void;
}) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.scrollIntoView?.({ block: 'nearest' });
  }, [cardNumber]);
  const columns = useMemo<DataColumn<CardLedgerEntry>[]>(
    () => [
      { id: 'at', header: 'When', value: (e) => e.at, cell: (e) => e.day, priority: 'always', size: 120 },
      { id: 'kind', header: 'Entry', value: (e) => CARD_ENTRY_LABEL[e.kind], size: 150, priority: 1 },
      { id: 'amount', header: 'Amount', value: (e) => e.amount, cell: (e) => (e.amount > 0 ? `+${money(e.amount)}` : money(e.amount)), align: 'end', priority: 'always', size: 120 },
      { id: 'balance', header: 'Balance after', value: (e) => e.balance, cell: (e) => money(e.balance), align: 'end', priority: 2, size: 130 },
      { id: 'ticket', header: 'Ticket', value: (e) => e.txId ?? '', cell: (e) => (e.txId ? <TicketLink businessId={businessId} id={e.txId} /> : '—'), priority: 3, size: 100 },
      { id: 'why', header: 'Reason / note', value: (e) => [e.reason, e.note].filter(Boolean).join(' — '), priority: 4, size: 240 },
      { id: 'by', header: 'By', value: (e) => e.by ?? '', priority: 5, size: 150 },
    ],
    [businessId, money],
  );
  const title = `Card ${card ? maskedCard(card.last4) : cardNumber}`;
  return (
    <section aria-labelledby="prepaid-card-title" className="mt-8 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 ref={heading} id="prepaid-card-title" className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" disabled={!card || !cardCan.load(card.status)} onClick={() => setDialog('load')}>
            Load
          </Button>
          <Button variant="secondary" size="sm" disabled={!card || !cardCan.adjust(card.status)} onClick={() => setDialog('adjust')}>
            Adjust
          </Button>
          <Button variant="danger" size="sm" disabled={!card || !cardCan.void(card.status)} onClick={() => setDialog('void')}>
            Void
          </Button>
          <Button variant="ghost" size="sm" onClick={onClose}>
            Close card
          </Button>
        </div>
      </div>
      {card ? (
        <div className="grid gap-4 md:grid-cols-2">
          <DetailCard
            title={CARD_KIND_LABEL[card.kind]}
            items={[
              { label: 'Card number', value: <span className="tabular-nums">{card.card_number}</span> },
              { label: 'Balance', value: <strong>{money(card.balance)}</strong> },
              { label: 'Status', value: <StatusBadge {...cardBadge(card.status)} /> },
              { label: 'Issued and loaded', value: money(card.loaded) },
              { label: 'Issued', value: `${card.issued_on} at ${card.location}` },
              { label: 'Expires', value: card.expires_on ?? 'Never' },
            ]}
          />
          <DetailCard
            title="Holders"
            items={[
              { label: 'Purchaser', value: card.purchaser.name },
              { label: 'Purchaser’s phone and email', value: [card.purchaser.phone, card.purchaser.email].filter(Boolean).join(' · ') || '—' },
              { label: 'Recipient', value: card.recipient.name },
              { label: 'Recipient’s phone and email', value: [card.recipient.phone, card.recipient.email].filter(Boolean).join(' · ') || '—' },
            ]}
          />
        </div>
      ) : (
        <Skeleton className="h-40" />
      )}
      <SavedDataTable
        businessId={businessId}
        name="prepaid-ledger"
        title="Card ledger"
        caption={`Ledger of ${title}`}
        showCaption
        columns={columns}
        rows={card?.ledger}
        getRowId={(e) => e.id}
        rowLabel={(e) => `${CARD_ENTRY_LABEL[e.kind]} on ${e.day}`}
        empty="No entries."
        totals={card ? { label: 'Balance', cells: { amount: money(card.balance) } } : undefined}
      />
      {card ? <CardActionDialog key={dialog ?? 'closed'} dialog={dialog} onClose={() => setDialog(null)} businessId={businessId} kind={kind} card={card} money={money} symbol={symbol} /> : null}
    </section>
  );
}

function CardActionDialog({
  dialog,
  onClose,
  businessId,
  kind,
  card,
  money,
  symbol,
}: {
  dialog: Dialog;
  onClose: () => void;
  businessId: number;
  kind: CardKind;
  card: PrepaidCardDetail;
  money: (cents: number) => string;
  symbol: string;
}) {
  const action = useCardAction(businessId, kind, card.card_number);
  const amount = useAmount(symbol);
  const [direction, setDirection] = useState<'add' | 'take'>('take');
  const [reason, setReason] = useState<AdjustReason>('Correction');
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const done = () => {
    toasts.success(MESSAGES.updatedSuccessfully);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const options = { onSuccess: done, onError: (error: Error) => toasts.error(error.message) };
    if (dialog === 'void') {
      if (!note.trim()) return setNoteError('Say why the card is voided');
      return action.mutate({ action: 'void', body: { note: note.trim() } }, options);
    }
    const cents = amount.take();
    if (cents === null) return;
    if (cents === 0) return amount.setError('Enter an amount of more than zero');
    if (dialog === 'load') return action.mutate({ action: 'load', body: { amount: cents, note: note.trim() } }, options);
    if (direction === 'take' && cents > card.balance) return amount.setError(`The card holds ${money(card.balance)}`);
    action.mutate({ action: 'adjust', body: { amount: direction === 'take' ? -cents : cents, reason, note: note.trim() } }, options);
  };
  const titles = { load: 'Load the card', adjust: 'Adjust the balance', void: 'Void the card' } as const;
  return (
    <Modal
      open={dialog !== null}
      onClose={onClose}
      title={dialog ? `${titles[dialog]} ${maskedCard(card.last4)}` : ''}
      description={
        dialog === 'void'
          ? `Voiding takes the ${money(card.balance)} left on the card and closes it for good. The ledger keeps every entry.`
          : `The card holds ${money(card.balance)}. The change is written to its ledger with your name.`
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {dialog === 'adjust' ? (
          <SegmentedControl
            label="Adjustment"
            value={direction}
            onChange={setDirection}
            options={[
              { value: 'take', label: 'Take away' },
              { value: 'add', label: 'Add' },
            ]}
          />
        ) : null}
        {dialog === 'void' ? null : <AmountField label="Amount" {...amount.field} autoFocus />}
        {dialog === 'adjust' ? (
          <SelectField label="Reason" value={reason} onChange={(e) => setReason(e.target.value as AdjustReason)} options={ADJUST_REASONS.map((r) => ({ value: r, label: r }))} />
        ) : null}
        <TextAreaField
          label={dialog === 'void' ? 'Why is it voided?' : 'Note (optional)'}
          value={note}
          error={noteError}
          onChange={(e) => {
            setNote(e.target.value);
            setNoteError(null);
          }}
          maxLength={500}
        />
        <FormActions submitLabel={dialog === 'load' ? 'Load' : dialog === 'adjust' ? 'Adjust' : 'Void the card'} submitVariant={dialog === 'void' ? 'danger' : 'primary'} pending={action.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}
