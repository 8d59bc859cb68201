import type { ReactNode } from 'react';

export interface DetailItem {
  label: string;
  value: ReactNode;
}

/** A titled card listing label/value pairs (a description list). */
export function DetailCard({ title, items, icon }: { title: string; items: readonly DetailItem[]; icon?: ReactNode }) {
  return (
    <section className="rounded-2xl bg-white p-5 shadow-xs ring-1 ring-slate-200">
      <h2 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        {icon ? (
          <span aria-hidden="true" className="text-brand-600">
            {icon}
          </span>
        ) : null}
        {title}
      </h2>
      <dl className="mt-4 space-y-3">
        {items.map((item) => (
          <div key={item.label} className="flex flex-col gap-0.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{item.label}</dt>
            <dd className="text-sm text-slate-900 sm:text-right">{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
