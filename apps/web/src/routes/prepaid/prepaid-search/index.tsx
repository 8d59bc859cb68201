import { CARD_KIND_LABEL, MESSAGES, type CardKind, type PrepaidCard } from '@salondesk/core';
import { usePrepaidCard, usePrepaidSearch } from '@salondesk/react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadError } from '../../../app/LoadError';
import { patchSearchParams } from '../../../app/patchSearchParams';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { buttonClasses } from '../../../ui/Button';
import type { DataColumn } from '../../../ui/DataTable';
import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';
import { StatusBadge } from '../../../ui/StatusBadge';
import { TextField } from '../../../ui/TextField';
import { cardBadge, maskedCard } from '../prepaidBadges';
import { CardDetail } from './CardDetail';
import { useBusinessId } from '../../../app/useBusinessId';

/** How long typing pauses before the search runs. */
const TYPING_PAUSE_MS = 250;

/**
 * `/{businessId}/prepaid`: prepaid and gift cards of the network's locations the user may see, found
 * with one search box (the last 4 digits, the card number, a phone, an email or a name: `?q=`). A
 * card opens with its ledger below the list (`?card=<number>&kind=`), where a manager loads,
 * adjusts or voids it.
 */
export function Component() {
  const businessId = useBusinessId();
  const display = useBusinessDisplay(businessId);
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  useEffect(() => setTyped(q), [q]);
  useEffect(() => {
    if (typed === q) return;
    const timer = setTimeout(() => setParams(patchSearchParams(params, { q: typed.trim() === '' ? '' : typed, card: '', kind: '' }), { replace: true }), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, q, params, setParams]);
  const search = usePrepaidSearch(businessId, q);
  const cardNumber = params.get('card');
  const kind = (params.get('kind') === 'prepaid' ? 'prepaid' : 'giftcard') as CardKind;
  const card = usePrepaidCard(businessId, kind, cardNumber);
  const open = (c: PrepaidCard) => setParams(patchSearchParams(params, { card: c.card_number, kind: c.kind }), { replace: true });

  const columns = useMemo<DataColumn<PrepaidCard>[]>(
    () => [
      {
        id: 'card',
        header: 'Card',
        value: (c) => c.last4,
        priority: 'always',
        size: 150,
        cell: (c) => (
          <button
            type="button"
            onClick={() => open(c)}
            aria-label={`Open the ledger of card ${c.card_number}`}
            className="font-medium text-brand-700 tabular-nums hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {maskedCard(c.last4)}
          </button>
        ),
      },
      { id: 'balance', header: 'Balance', value: (c) => c.balance, cell: (c) => display.money(c.balance), align: 'end', priority: 'always', size: 120 },
      { id: 'status', header: 'Status', value: (c) => c.status, cell: (c) => <StatusBadge {...cardBadge(c.status)} />, size: 110, priority: 1 },
      { id: 'purchaser', header: 'Purchaser', value: (c) => c.purchaser.name, priority: 2, size: 170 },
      { id: 'recipient', header: 'Recipient', value: (c) => c.recipient.name, priority: 4, size: 170 },
      { id: 'phone', header: 'Phone', value: (c) => c.purchaser.phone ?? c.recipient.phone ?? '', priority: 5, size: 140 },
      { id: 'kind', header: 'Kind', value: (c) => CARD_KIND_LABEL[c.kind], priority: 6, size: 130 },
      { id: 'location', header: 'Location', value: (c) => c.location, priority: 7, size: 160 },
      { id: 'issued_on', header: 'Issued', value: (c) => c.issued_on, priority: 3, size: 120 },
      { id: 'last_used_on', header: 'Last used', value: (c) => c.last_used_on, priority: 8, size: 120 },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [display.money, params],
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageHeader
        eyebrow="Prepaid"
        title="Prepaid and gift cards"
        description="Find any card of your locations by its last 4 digits, its number, or the purchaser’s or recipient’s phone, email or name. A card’s balance is the sum of its ledger."
        actions={
          <Link to={`/${businessId}/prepaid/memberships`} className={buttonClasses({ variant: 'secondary' })}>
            Memberships
          </Link>
        }
      />
      <form
        role="search"
        className="mt-6 max-w-xl"
        onSubmit={(event) => {
          event.preventDefault();
          setParams(patchSearchParams(params, { q: typed.trim(), card: '', kind: '' }), { replace: true });
        }}
      >
        <TextField
          label="Search cards"
          type="search"
          value={typed}
          autoFocus
          autoComplete="off"
          placeholder="4821, a phone, an email or a name"
          hint="Scan or type a card number, or its last 4 digits."
          onChange={(event) => setTyped(event.target.value)}
        />
      </form>

      {q.trim() === '' ? (
        <EmptyState className="mt-8" title="Search for a card" description="Type the last 4 digits of a card, its number, or the phone, email or name of whoever bought it or received it." />
      ) : search.isError && !search.data ? (
        <LoadError className="mt-8" error={search.error} fallback={MESSAGES.failedToFetchPrepaidItems} onRetry={() => void search.refetch()} />
      ) : (
        <>
          <SavedDataTable
            className="mt-6"
            businessId={businessId}
            name="prepaid-cards"
            title="Prepaid cards"
            caption={`Cards matching “${q}”`}
            columns={columns}
            rows={search.data?.cards}
            loading={search.isFetching}
            getRowId={(c) => c.id}
            rowLabel={(c) => `card ${maskedCard(c.last4)}`}
            empty={`No card matches “${q}”.`}
          />
          {search.data?.more ? <p className="mt-2 text-sm text-slate-600">More cards match: type more of the number, phone or name to narrow the list.</p> : null}
        </>
      )}

      {cardNumber ? (
        card.isError ? (
          <LoadError className="mt-8" headingLevel={2} error={card.error} fallback={MESSAGES.failedToFetchPrepaidItems} onRetry={() => void card.refetch()} />
        ) : (
          <CardDetail businessId={businessId} kind={kind} cardNumber={cardNumber} card={card.data} money={display.money} symbol={display.symbol} onClose={() => setParams(patchSearchParams(params, { card: '', kind: '' }), { replace: true })} />
        )
      ) : null}
    </div>
  );
}
