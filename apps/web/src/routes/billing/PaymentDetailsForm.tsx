import { type FormEvent, useState } from 'react';
import { Button } from '../../ui/Button';
import { SegmentedControl } from '../../ui/SegmentedControl';
import { TextField } from '../../ui/TextField';

/** What the form hands over: a card or a bank account, as typed (checked for shape, not sent anywhere by the form). */
export type PaymentDetailsValue =
  | { kind: 'card'; number: string; exp_month: number; exp_year: number; cvc: string }
  | { kind: 'bank_account'; account_number: string; routing_number: string; holder_name: string };

export interface PaymentDetailsFormProps {
  /** Called with the details once they have the right shape, and the method's name if asked for. */
  onSubmit: (details: PaymentDetailsValue, name: string) => void;
  /** Which kinds it offers (default: a card only). */
  kinds?: readonly ('card' | 'bank_account')[];
  /** Ask for a name for the method ("Studio Visa"). */
  withName?: boolean;
  submitLabel?: string;
  /** Being sent: the button spins, nothing can be sent twice. */
  pending?: boolean;
  /** Why the provider or the server refused it ("Your card was declined."), read out as an alert. */
  error?: string | null;
  onCancel?: () => void;
  /** The current year (the expiry's check), given so stories and tests are stable. */
  now?: Date;
}

type Problems = Partial<Record<'number' | 'expiry' | 'cvc' | 'holder' | 'routing' | 'account', string>>;

const digits = (value: string) => value.replace(/[\s-]/g, '');
const luhn = (number: string) => {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
};

/** Reads `MM/YY` or `MM/YYYY`: the month and the four-digit year, or null. */
export function readExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/**
 * Card or bank account details for adding a payment method: each field says what it wants beside
 * it before anything is sent (a card number that fails its check digit, an expiry in the past),
 * and the provider's refusal shows as an alert. The form only hands the details to `onSubmit`;
 * it keeps nothing.
 */
export function PaymentDetailsForm({ onSubmit, kinds = ['card'], withName = false, submitLabel = 'Add payment method', pending = false, error, onCancel, now = new Date() }: PaymentDetailsFormProps) {
  const [kind, setKind] = useState<'card' | 'bank_account'>(kinds[0] ?? 'card');
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [holder, setHolder] = useState('');
  const [routing, setRouting] = useState('');
  const [account, setAccount] = useState('');
  const [name, setName] = useState('');
  const [problems, setProblems] = useState<Problems>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const found: Problems = {};
    if (kind === 'card') {
      const n = digits(number);
      if (!/^\d{12,19}$/.test(n) || !luhn(n)) found.number = 'Enter the card number as it is on the card';
      const exp = readExpiry(expiry);
      const thisMonth = now.getFullYear() * 12 + now.getMonth();
      if (!exp) found.expiry = 'Enter the expiry as MM/YY';
      else if (exp.year * 12 + exp.month - 1 < thisMonth) found.expiry = 'This card has expired';
      if (!/^\d{3,4}$/.test(cvc.trim())) found.cvc = 'Enter the 3 or 4 digits on the back';
      setProblems(found);
      if (Object.keys(found).length > 0 || !exp) return;
      onSubmit({ kind: 'card', number: n, exp_month: exp.month, exp_year: exp.year, cvc: cvc.trim() }, name.trim());
      return;
    }
    if (holder.trim() === '') found.holder = 'Enter the account holder’s name';
    if (!/^\d{9}$/.test(digits(routing))) found.routing = 'A routing number has 9 digits';
    if (!/^\d{4,17}$/.test(digits(account))) found.account = 'Enter the account number (4 to 17 digits)';
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    onSubmit({ kind: 'bank_account', account_number: digits(account), routing_number: digits(routing), holder_name: holder.trim() }, name.trim());
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Payment details">
      {kinds.length > 1 ? (
        <SegmentedControl
          label="Kind of payment method"
          value={kind}
          onChange={(k) => {
            setKind(k);
            setProblems({});
          }}
          options={kinds.map((k) => ({ value: k, label: k === 'card' ? 'Card' : 'Bank account' }))}
        />
      ) : null}
      {kind === 'card' ? (
        <>
          <TextField label="Card number" inputMode="numeric" autoComplete="cc-number" value={number} onChange={(e) => setNumber(e.target.value)} error={problems.number} />
          <div className="grid grid-cols-2 gap-3">
            <TextField label="Expiry (MM/YY)" autoComplete="cc-exp" placeholder="MM/YY" value={expiry} onChange={(e) => setExpiry(e.target.value)} error={problems.expiry} />
            <TextField label="CVC" inputMode="numeric" autoComplete="cc-csc" value={cvc} onChange={(e) => setCvc(e.target.value)} error={problems.cvc} />
          </div>
        </>
      ) : (
        <>
          <TextField label="Account holder" autoComplete="name" value={holder} onChange={(e) => setHolder(e.target.value)} error={problems.holder} />
          <TextField label="Routing number" inputMode="numeric" value={routing} onChange={(e) => setRouting(e.target.value)} error={problems.routing} />
          <TextField label="Account number" inputMode="numeric" value={account} onChange={(e) => setAccount(e.target.value)} error={problems.account} />
        </>
      )}
      {withName ? <TextField label="Name for this method" hint="Optional: how it appears in your list." value={name} onChange={(e) => setName(e.target.value)} maxLength={120} /> : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button type="button" variant="ghost" disabled={pending} onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
