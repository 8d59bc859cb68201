import {
  dayLabel,
  denominationsOf,
  type DrawerLogEntry,
  FINANCE_CATEGORY_LABEL,
  type FinanceEntry,
  formatInstantIn,
  formatShiftDuration,
  MESSAGES,
  type Shift,
  shiftMinutes,
  signedFinance,
  type CountedCash,
  userCan,
} from '@salondesk/core';
import { useCurrentShift, useDeleteFinance, useDrawerLog, useReopenShift, useSession, useShift } from '@salondesk/react';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ButtonLink } from '../../../app/ButtonLink';
import { LoadError } from '../../../app/LoadError';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { toasts } from '../../../app/toasts';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { Button } from '../../../ui/Button';
import type { DataColumn } from '../../../ui/DataTable';
import { DrawerBalance } from '../DrawerBalance';
import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { StatusBadge } from '../../../ui/StatusBadge';
import { balanceLines, balanceOutcome, drawerLogSentence, SHIFT_STATE_TONE } from '../shiftView';
import { CloseDrawerDialog } from './CloseDrawerDialog';
import { type FinanceEditing, FinanceDialog } from './FinanceDialog';
import { OpenDrawerDialog } from './OpenDrawerDialog';
import { ReasonDialog } from './ReasonDialog';
import { useBusinessId } from '../../../app/useBusinessId';

type Display = ReturnType<typeof useBusinessDisplay>;

/**
 * `/{businessId}/drawer`: the location's cash drawer now — the open shift with its balance,
 * finances and drawer log, or a way to open one; `/{businessId}/drawer/{shiftId}`: any shift.
 */
export function Component() {
  const params = useParams();
  const businessId = useBusinessId();
  const shiftId = params.shiftId === undefined ? null : Number(params.shiftId);
  return shiftId === null ? <CurrentDrawer businessId={businessId} /> : <ShiftById businessId={businessId} shiftId={shiftId} />;
}

function Loading({ what }: { what: string }) {
  return (
    <div aria-busy="true" className="mt-6 space-y-3">
      <p role="status" className="sr-only">
        Loading {what}
      </p>
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

function CurrentDrawer({ businessId }: { businessId: number }) {
  const display = useBusinessDisplay(businessId);
  const current = useCurrentShift(businessId);
  const navigate = useNavigate();
  const [opening, setOpening] = useState(false);
  if (current.data?.shift) return <ShiftView businessId={businessId} shift={current.data.shift} display={display} current />;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <PageHeader
        eyebrow="Cash drawer"
        title="Cash drawer"
        description="Open the drawer with a count by denomination, take paid-outs and tip-outs as they happen, and close it with a count: the difference is worked out to the cent."
        actions={
          <ButtonLink variant="ghost" to={`/${businessId}/shifts`}>
            Shift and drawer report
          </ButtonLink>
        }
      />
      {current.isError ? (
        <LoadError className="mt-6" error={current.error} fallback={MESSAGES.failedToFetchShiftData} onRetry={() => void current.refetch()} />
      ) : !current.data ? (
        <Loading what="the drawer" />
      ) : (
        <EmptyState
          className="mt-6"
          headingLevel={2}
          title="No drawer is open"
          description={`The drawer would open with ${display.money(current.data.suggested_starting_balance)}${current.data.lastbalance !== null ? ', what the last shift left in it' : ', the default float'}, unless you count it.`}
          actions={
            <>
              <Button onClick={() => setOpening(true)}>Open the drawer</Button>
              {current.data.closed_today !== null ? (
                <ButtonLink to={`/${businessId}/drawer/${current.data.closed_today}`} variant="secondary">
                  See the shift closed today
                </ButtonLink>
              ) : null}
            </>
          }
        />
      )}
      <OpenDrawerDialog
        businessId={businessId}
        open={opening}
        current={current.data}
        money={display.money}
        onClose={() => setOpening(false)}
        onOpened={(shift) => {
          setOpening(false);
          void navigate(`/${businessId}/drawer/${shift.id}`);
        }}
      />
    </div>
  );
}

function ShiftById({ businessId, shiftId }: { businessId: number; shiftId: number }) {
  const display = useBusinessDisplay(businessId);
  const shift = useShift(businessId, shiftId);
  if (shift.data) return <ShiftView businessId={businessId} shift={shift.data} display={display} />;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <PageHeader eyebrow="Cash drawer" title="Shift" />
      {shift.isError ? <LoadError className="mt-6" error={shift.error} fallback={MESSAGES.failedToFetchShiftData} onRetry={() => void shift.refetch()} /> : <Loading what="the shift" />}
    </div>
  );
}

/** A count by denomination as it was kept: each note and coin with how many. */
function CountCard({ title, count, money }: { title: string; count: CountedCash | null; money: (cents: number) => string }) {
  if (!count) return null;
  const labels = new Map(denominationsOf(count.currency).map((d) => [d.key, d]));
  return (
    <section aria-label={title} className="rounded-2xl bg-white p-5 shadow-xs ring-1 ring-slate-200">
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        {count.lines.map((line) => (
          <div key={line.key} className="flex justify-between gap-2">
            <dt className="text-slate-600">{labels.get(line.key)?.label ?? line.key}</dt>
            <dd className="tabular-nums text-slate-900">× {line.count}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 flex justify-between border-t border-slate-200 pt-2 text-sm font-semibold text-slate-900">
        <span>Total</span>
        <span className="tabular-nums">{money(count.total)}</span>
      </p>
    </section>
  );
}

function ShiftView({ businessId, shift, display, current = false }: { businessId: number; shift: Shift; display: Display; current?: boolean }) {
  const user = useSession().session?.user;
  const isManager = user !== undefined && userCan(user, 'setting.editsetting');
  const log = useDrawerLog(businessId, shift.id);
  const remove = useDeleteFinance(businessId);
  const reopen = useReopenShift(businessId);
  const [closing, setClosing] = useState(false);
  const [editing, setEditing] = useState<FinanceEditing | null>(null);
  const [removing, setRemoving] = useState<FinanceEntry | null>(null);
  const [reopening, setReopening] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const open = shift.status === 'OPEN';
  const tz = display.timezone;
  const cashier = shift.staff.find((s) => s.role === 'cashier')?.name ?? 'No cashier';
  const others = shift.staff.filter((s) => s.role === 'added at closing').map((s) => s.name);
  const minutes = shiftMinutes(shift.started_at, shift.closed_at, new Date());
  const f = shift.figures;

  const financeColumns = useMemo<DataColumn<FinanceEntry>[]>(
    () => [
      { id: 'category', header: 'Category', value: (e) => FINANCE_CATEGORY_LABEL[e.category], size: 130 },
      { id: 'amount', header: 'Amount', value: (e) => signedFinance(e), cell: (e) => (e.isDebit ? `− ${display.money(e.amount)}` : `+ ${display.money(e.amount)}`), align: 'end', size: 120, priority: 'always' },
      { id: 'reason', header: 'Reason', value: (e) => e.description, size: 240, priority: 1 },
      { id: 'staff', header: 'Staff', value: (e) => e.employee_name ?? '', size: 140, priority: 3 },
      { id: 'at', header: 'Entered', value: (e) => e.created_at, cell: (e) => formatInstantIn(e.created_at, tz), size: 200, priority: 4 },
      ...(open
        ? [
            {
              id: 'actions',
              header: 'Actions',
              sortable: false,
              size: 170,
              priority: 2,
              cell: (e: FinanceEntry) => (
                <span className="flex gap-1 whitespace-nowrap">
                  <Button size="sm" variant="ghost" onClick={() => setEditing({ kind: 'edit', entry: e })} aria-label={`Change ${FINANCE_CATEGORY_LABEL[e.category]} ${display.money(e.amount)}, ${e.description}`}>
                    Change
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => { setRefusal(null); setRemoving(e); }} aria-label={`Remove ${FINANCE_CATEGORY_LABEL[e.category]} ${display.money(e.amount)}, ${e.description}`}>
                    Remove
                  </Button>
                </span>
              ),
            } satisfies DataColumn<FinanceEntry>,
          ]
        : []),
    ],
    [display, tz, open],
  );

  const logColumns = useMemo<DataColumn<DrawerLogEntry>[]>(() => {
    const money = (v: number | null) => (v === null ? '—' : display.money(v));
    const signed = (v: number | null) => (v === null ? '—' : v < 0 ? `− ${display.money(-v)}` : v > 0 ? `+ ${display.money(v)}` : display.money(0));
    return [
      { id: 'at', header: 'When', value: (e) => e.at, cell: (e) => formatInstantIn(e.at, tz), size: 190 },
      { id: 'what', header: 'What', value: (e) => drawerLogSentence(e), size: 280, priority: 'always' },
      { id: 'amount', header: 'Moves', value: (e) => e.amount ?? 0, cell: (e) => signed(e.amount), align: 'end', size: 110, priority: 1 },
      { id: 'who', header: 'Who', value: (e) => e.user_name ?? '', size: 140, priority: 2 },
      { id: 'expected', header: 'Expected after', value: (e) => e.expected ?? 0, cell: (e) => money(e.expected), align: 'end', size: 130, priority: 3 },
      { id: 'difference', header: 'Difference', value: (e) => e.difference ?? 0, cell: (e) => (e.difference === null ? '' : signed(e.difference)), align: 'end', size: 110, priority: 4 },
      { id: 'counted', header: 'Counted', value: (e) => e.counted ?? 0, cell: (e) => (e.counted === null ? '' : display.money(e.counted)), align: 'end', size: 110, priority: 5 },
    ];
  }, [display, tz]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <PageHeader
        eyebrow={current ? 'Cash drawer · open now' : 'Cash drawer'}
        title={`Shift of ${dayLabel(shift.day)}`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <StatusBadge label={f.state} tone={SHIFT_STATE_TONE[f.state]} />
            <span>
              {cashier}
              {others.length > 0 ? ` with ${others.join(', ')}` : ''} · opened {formatInstantIn(shift.started_at, tz)}
              {shift.closed_at ? ` · closed ${formatInstantIn(shift.closed_at, tz)}` : ''} · {formatShiftDuration(minutes)}
              {shift.reopened > 0 ? ` · reopened ${shift.reopened === 1 ? 'once' : `${shift.reopened} times`}` : ''}
            </span>
          </span>
        }
        actions={
          <>
            <ButtonLink variant="ghost" to={`/${businessId}/shifts`}>
              Shift and drawer report
            </ButtonLink>
            {open ? (
              <>
                <Button variant="secondary" onClick={() => setEditing({ kind: 'add', shiftId: shift.id })}>
                  Add a finance
                </Button>
                <Button onClick={() => setClosing(true)}>Close the drawer</Button>
              </>
            ) : isManager ? (
              <Button variant="secondary" onClick={() => { setRefusal(null); setReopening(true); }}>
                Reopen the shift
              </Button>
            ) : null}
          </>
        }
      />

      <div className="mt-6 grid items-start gap-4 lg:grid-cols-3">
        <DrawerBalance
          title="Drawer"
          lines={balanceLines(f)}
          expected={f.expected}
          counted={f.counted}
          outcome={balanceOutcome(f)}
          money={display.money}
          hiddenNote="This location closes blind: what the drawer should hold shows once the closing count is saved."
        />
        <CountCard title="Opening count" count={shift.attributes.denominations} money={display.money} />
        <CountCard title="Closing count" count={shift.attributes.closingdenominations} money={display.money} />
      </div>
      {shift.attributes.notes ? (
        <p className="mt-4 rounded-xl bg-slate-50 p-3 text-sm text-slate-700">
          <span className="font-medium">Notes:</span> {shift.attributes.notes}
        </p>
      ) : null}

      <section aria-labelledby="finances-title" className="mt-8">
        <h2 id="finances-title" className="text-base font-semibold text-slate-900">
          Finances
        </h2>
        <p className="mb-2 text-xs text-slate-500">{open ? 'Paid in, paid out, tip outs and the cash drop of this shift. Each change is kept in the drawer log with its reason.' : 'This shift is closed: its finances change only after a manager reopens it.'}</p>
        <SavedDataTable
          businessId={businessId}
          name="shift-finances"
          title="Shift finances"
          caption={`Finances of the shift of ${dayLabel(shift.day)}`}
          columns={financeColumns}
          rows={shift.finances}
          getRowId={(e) => e.id}
          rowLabel={(e) => `${FINANCE_CATEGORY_LABEL[e.category]}, ${e.description}`}
          empty={open ? 'No finances yet. Add a paid-out or a tip-out as it happens.' : 'No finances on this shift.'}
        />
      </section>

      <section aria-labelledby="drawer-log-title" className="mt-8">
        <h2 id="drawer-log-title" className="text-base font-semibold text-slate-900">
          Drawer log
        </h2>
        <p className="mb-2 text-xs text-slate-500">Every movement of the drawer in order, with who and when; times in {tz}.</p>
        {log.isError ? (
          <LoadError error={log.error} fallback={MESSAGES.failedToFetchDrawerLog} onRetry={() => void log.refetch()} />
        ) : (
          <SavedDataTable
            businessId={businessId}
            name="drawer-log"
            title="Drawer log"
            caption={`Drawer log of the shift of ${dayLabel(shift.day)}`}
            columns={logColumns}
            rows={log.data?.entries}
            loading={log.isPending}
            getRowId={(e) => e.id}
            rowLabel={(e) => drawerLogSentence(e)}
            empty="Nothing in the drawer log yet."
          />
        )}
      </section>
      {open ? null : (
        <p className="mt-6 text-sm text-slate-600">
          <Link className="font-medium text-brand-700 hover:underline" to={`/${businessId}/drawer`}>
            Go to the drawer open now
          </Link>
        </p>
      )}

      <CloseDrawerDialog businessId={businessId} shift={closing ? shift : null} isManager={isManager} money={display.money} symbol={display.symbol} onClose={() => setClosing(false)} />
      <FinanceDialog businessId={businessId} editing={editing} symbol={display.symbol} onClose={() => setEditing(null)} />
      <ReasonDialog
        open={removing !== null}
        title="Remove this finance?"
        description={removing ? `${FINANCE_CATEGORY_LABEL[removing.category]} of ${display.money(removing.amount)}, “${removing.description}”. What the drawer should hold changes by it; the removal and its reason are kept in the drawer log.` : ''}
        confirmLabel="Remove the finance"
        tone="danger"
        pending={remove.isPending}
        error={refusal}
        onClose={() => setRemoving(null)}
        onConfirm={(reason) =>
          removing &&
          remove.mutate(
            { financeId: removing.id, description: reason },
            {
              onSuccess: () => {
                toasts.success(MESSAGES.deletedSuccessfully);
                setRemoving(null);
              },
              onError: (error) => {
                setRefusal(error.message);
                toasts.error(error.message);
              },
            },
          )
        }
      />
      <ReasonDialog
        open={reopening}
        title="Reopen this shift?"
        description="The drawer opens again with its figures as they were; its finances can be changed and it must be closed with a new count. The reopening and its reason are kept in the drawer log."
        confirmLabel="Reopen the shift"
        pending={reopen.isPending}
        error={refusal}
        onClose={() => setReopening(false)}
        onConfirm={(reason) =>
          reopen.mutate(
            { shiftId: shift.id, reason },
            {
              onSuccess: () => {
                toasts.success(MESSAGES.shiftReopenedSuccessfully);
                setReopening(false);
              },
              onError: (error) => {
                setRefusal(error.message);
                toasts.error(error.message);
              },
            },
          )
        }
      />
    </div>
  );
}
