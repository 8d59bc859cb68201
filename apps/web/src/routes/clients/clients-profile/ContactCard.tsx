import { type ClientProfile, MESSAGES, updateClientBody } from '@salondesk/core';
import { useUpdateClient } from '@salondesk/react';
import { useEffect, useState } from 'react';
import { toasts } from '../../../app/toasts';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';

/** The client's contact, edited in place (checked by core's `updateClientBody`), or only shown once read-only. */
export function ContactCard({ businessId, client, readOnly, phone }: { businessId: number; client: ClientProfile; readOnly: boolean; phone: (p: string) => string }) {
  const update = useUpdateClient(businessId, client.id);
  const initial = { firstname: client.firstname ?? '', lastname: client.lastname ?? '', phone: client.phone, email: client.email ?? '', birthday: client.birthday ?? '' };
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the saved client changes
  useEffect(() => setForm(initial), [client]);
  const dirty = JSON.stringify(form) !== JSON.stringify(initial);
  const save = () => {
    const body = {
      firstname: form.firstname.trim() || null,
      lastname: form.lastname.trim() || null,
      phone: form.phone,
      email: form.email.trim() || null,
      birthday: form.birthday || null,
    };
    const checked = updateClientBody.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    update.mutate(body, { onSuccess: () => toasts.success(MESSAGES.updatedSuccessfully), onError: (e) => toasts.error(e.message || MESSAGES.failedToUpdateBang) });
  };
  if (readOnly) {
    return (
      <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="contact-heading">
        <h2 id="contact-heading" className="text-base font-semibold text-slate-900">
          Contact
        </h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600">Phone</dt>
          <dd>{client.phone ? phone(client.phone) : '—'}</dd>
          <dt className="text-slate-600">Email</dt>
          <dd>{client.email ?? '—'}</dd>
          <dt className="text-slate-600">Birthday</dt>
          <dd>{client.birthday ?? '—'}</dd>
        </dl>
      </section>
    );
  }
  return (
    <form
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      aria-labelledby="contact-heading"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <h2 id="contact-heading" className="text-base font-semibold text-slate-900">
        Contact
      </h2>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <TextField label="First name" value={form.firstname} maxLength={100} error={errors.firstname} onChange={(e) => setForm({ ...form, firstname: e.target.value })} />
        <TextField label="Last name" value={form.lastname} maxLength={100} error={errors.lastname} onChange={(e) => setForm({ ...form, lastname: e.target.value })} />
        <TextField label="Phone" type="tel" value={form.phone} maxLength={40} error={errors.phone} onChange={(e) => setForm({ ...form, phone: e.target.value })} />
        <TextField label="Email" type="email" value={form.email} maxLength={254} error={errors.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
        <TextField label="Birthday" type="date" value={form.birthday} error={errors.birthday} onChange={(e) => setForm({ ...form, birthday: e.target.value })} />
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="ghost" disabled={!dirty || update.isPending} onClick={() => setForm(initial)}>
          Undo changes
        </Button>
        <Button type="submit" disabled={!dirty} loading={update.isPending}>
          Save contact
        </Button>
      </div>
    </form>
  );
}
