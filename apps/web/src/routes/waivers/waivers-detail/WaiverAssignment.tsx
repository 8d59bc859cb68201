import { MESSAGES, type Waiver } from '@salondesk/core';
import { useCatalogue, useWaiverChanges, useWaivers } from '@salondesk/react';
import { LoadError } from '../../../app/LoadError';
import { toasts } from '../../../app/toasts';
import { Skeleton } from '../../../ui/Skeleton';

/** "Who must sign": the services and categories that need the waiver, each a checkbox. */
export function WaiverAssignment({ businessId, waiver, mayEdit }: { businessId: number; waiver: Waiver; mayEdit: boolean }) {
  const catalogue = useCatalogue(businessId, 'current');
  const waivers = useWaivers(businessId);
  const changes = useWaiverChanges(businessId);
  const categories = (catalogue.data ?? []).filter((c) => c.services.length > 0);
  const all = waivers.data?.waivers ?? [];
  // An update names every waiver the service or category needs: this one added or removed, the others kept.
  const withThis = (current: number[], on: boolean) => (on ? [...new Set([...current, waiver.id])] : current.filter((w) => w !== waiver.id));
  const ofService = (id: number) => all.filter((w) => w.services.includes(id)).map((w) => w.id);
  const ofCategory = (id: number) => all.filter((w) => w.categories.includes(id)).map((w) => w.id);
  const saved = () => toasts.success(MESSAGES.updatedSuccessfully);
  const failed = (error: Error) => toasts.error(error.message);
  const busy = !mayEdit || changes.assignCategory.isPending || changes.assignService.isPending;
  return (
    <section aria-labelledby="waiver-assignment" className="mt-10">
      <h2 id="waiver-assignment" className="text-lg font-semibold text-slate-900">
        Who must sign
      </h2>
      <p className="mt-1 text-sm text-slate-600">Clients booked for a chosen service, or any service of a chosen category, must sign the current version before their appointment.</p>
      {catalogue.isError ? (
        <LoadError className="mt-3" error={catalogue.error} fallback={MESSAGES.failedToFetchData} onRetry={() => void catalogue.refetch()} />
      ) : !catalogue.data ? (
        <Skeleton className="mt-3 h-40 w-full" />
      ) : (
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          {categories.map((category) => (
            <fieldset key={category.id} className="rounded-md border border-slate-200 bg-white p-3">
              <legend className="px-1 text-sm font-semibold text-slate-900">{category.name}</legend>
              <label className="flex items-center gap-2 text-sm font-medium">
                <input
                  type="checkbox"
                  disabled={busy}
                  checked={waiver.categories.includes(category.id)}
                  onChange={(e) => changes.assignCategory.mutate({ categoryId: category.id, waiverIds: withThis(ofCategory(category.id), e.target.checked) }, { onSuccess: saved, onError: failed })}
                />
                Every service of {category.name}
              </label>
              <ul className="mt-2 space-y-1 pl-5">
                {category.services.map((service) => (
                  <li key={service.id}>
                    <label className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        disabled={busy}
                        checked={waiver.services.includes(service.id)}
                        onChange={(e) => changes.assignService.mutate({ serviceId: service.id, waiverIds: withThis(ofService(service.id), e.target.checked) }, { onSuccess: saved, onError: failed })}
                      />
                      {service.name}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          ))}
        </div>
      )}
    </section>
  );
}
