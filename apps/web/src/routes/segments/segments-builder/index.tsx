import {
  canEditSegment,
  emptySegmentQuery,
  isApiError,
  managesSegments,
  MESSAGES,
  problemsByField,
  type Segment,
  type SegmentGroup,
  segmentInput,
  segmentQuery,
} from '@salondesk/core';
import {
  useBusiness,
  useCatalogue,
  useSegment,
  useSegmentMutations,
  useSegments,
  useSegmentTags,
  useSession,
  useStaffList,
} from '@salondesk/react';
import { type FormEvent, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { LoadError } from '../../../app/LoadError';
import { toasts } from '../../../app/toasts';
import { currencySymbolOf, useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { useUnsavedChangesGuard } from '../../../app/useUnsavedChanges';
import { Button } from '../../../ui/Button';
import { SegmentTreeEditor, type SegmentChoice } from './SegmentTreeEditor';
import { Skeleton } from '../../../ui/Skeleton';
import { TextAreaField } from '../../../ui/TextAreaField';
import { TextField } from '../../../ui/TextField';
import { useBusinessId } from '../../../app/useBusinessId';
import { CopySegmentDialog } from './CopySegmentDialog';
import { DeleteSegmentDialog } from './DeleteSegmentDialog';
import { LiveCount } from './LiveCount';
import { SegmentEditorsDialog } from './SegmentEditorsDialog';
import { useLiveCount } from './useLiveCount';

interface Draft {
  name: string;
  description: string;
  tree: SegmentGroup;
  businessList: number[];
}

const draftOf = (segment: Segment | undefined, businessId: number): Draft =>
  segment
    ? { name: segment.name, description: segment.description, tree: segment.query_parameters, businessList: segment.businessList }
    : { name: '', description: '', tree: emptySegmentQuery(), businessList: [businessId] };

/** `/{businessId}/segments/new` and `/{businessId}/segments/{id}`: build a segment with its live count; editors, copy, delete. */
export function Component() {
  const businessId = useBusinessId();
  const segmentId = Number(useParams().segmentId ?? 0);
  const segment = useSegment(businessId, segmentId);
  if (segmentId > 0 && segment.isError) {
    return (
      <div className="mx-auto max-w-5xl px-4 py-8">
        <LoadError error={segment.error} fallback={MESSAGES.failedToFetchSegments} onRetry={() => void segment.refetch()} />
      </div>
    );
  }
  if (segmentId > 0 && !segment.data) return <Skeleton className="m-8 h-96" />;
  return <Builder key={segment.data?.id ?? 'new'} businessId={businessId} segment={segment.data} />;
}

function Builder({ businessId, segment }: { businessId: number; segment: Segment | undefined }) {
  const navigate = useNavigate();
  const { session } = useSession();
  const user = session?.user;
  const business = useBusiness(businessId);
  const { timezone } = useBusinessDisplay(businessId);
  const catalogue = useCatalogue(businessId);
  const staff = useStaffList(businessId);
  const tags = useSegmentTags(businessId);
  const others = useSegments(businessId);
  const mutations = useSegmentMutations(businessId);
  const [draft, setDraft] = useState<Draft>(() => draftOf(segment, businessId));
  const [saved, setSaved] = useState<Draft>(() => draftOf(segment, businessId));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [dialog, setDialog] = useState<'delete' | 'copy' | 'editors' | null>(null);
  const canEdit = user ? (segment ? canEditSegment(user, segment) : managesSegments(user)) : false;
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const leaving = useUnsavedChangesGuard(dirty);

  const locations = useMemo(() => {
    const here = session?.businesses.find((b) => b.id === businessId);
    return (session?.businesses ?? []).filter((b) => b.id === businessId || (here?.network_id != null && b.network_id === here.network_id));
  }, [session, businessId]);

  const choices = useMemo(() => {
    const categories = catalogue.data ?? [];
    const services: SegmentChoice[] = categories.flatMap((c) => c.services.map((s) => ({ id: s.id, label: s.name })));
    const products: SegmentChoice[] = categories.flatMap((c) => c.products.map((p) => ({ id: p.id, label: p.name })));
    return {
      service: services,
      product: products,
      category: categories.map((c) => ({ id: c.id, label: c.name })),
      staff: (staff.data ?? []).map((m) => ({ id: m.id, label: m.display_name })),
      tag: (tags.data ?? []).map((t) => ({ id: t.id, label: t.name })),
      location: locations.map((b) => ({ id: b.id, label: b.name })),
    };
  }, [catalogue.data, staff.data, tags.data, locations]);
  const segmentChoices = useMemo(() => (others.data ?? []).filter((s) => s.id !== segment?.id).map((s) => ({ id: s.id, label: s.name })), [others.data, segment?.id]);

  // The live count follows the tree (once it is complete), a moment after the last change.
  const parsed = segmentQuery.safeParse(draft.tree);
  const counting = useMemo(() => ({ query_parameters: draft.tree, businessList: draft.businessList }), [draft.tree, draft.businessList]);
  const live = useLiveCount(businessId, counting, segment?.id, parsed.success);
  const problem = parsed.success ? null : (parsed.error.issues[0]?.message ?? MESSAGES.segmentConditionIncomplete);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { name: draft.name, description: draft.description, query_parameters: draft.tree, businessList: draft.businessList };
    const checked = segmentInput.safeParse(body);
    if (!checked.success) return setErrors(problemsByField(checked.error.issues));
    setErrors({});
    const onError = (error: Error) => {
      if (isApiError(error) && error.issues.length > 0) setErrors(problemsByField(error.issues));
      toasts.error(error.message);
    };
    if (segment) {
      mutations.update.mutate(
        { segmentId: segment.id, changes: body },
        {
          onSuccess: (updated) => {
            setSaved(draftOf(updated, businessId));
            setDraft(draftOf(updated, businessId));
            toasts.success(MESSAGES.segmentUpdated);
          },
          onError,
        },
      );
    } else {
      mutations.create.mutate(body, {
        onSuccess: (created) => {
          setSaved(draft);
          toasts.success(MESSAGES.segmentAdded);
          navigate(`/${businessId}/segments/${created.id}`, { replace: true });
        },
        onError,
      });
    }
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <Link to={`/${businessId}/segments`} className="text-sm text-brand-700 hover:underline">
        ← Segments
      </Link>
      <div className="mt-2 flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{segment ? segment.name : 'New segment'}</h1>
        {segment ? (
          <div className="flex flex-wrap gap-2">
            {user && managesSegments(user) ? (
              <>
                <Button variant="secondary" onClick={() => setDialog('editors')}>
                  Editors
                </Button>
                <Button variant="secondary" onClick={() => setDialog('copy')} disabled={locations.length < 2}>
                  Copy to locations
                </Button>
              </>
            ) : null}
            {canEdit ? (
              <Button variant="danger" onClick={() => setDialog('delete')}>
                Delete
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {!canEdit ? <p className="mt-2 text-sm text-slate-600">{MESSAGES.segmentNotEditor}</p> : null}
      <form className="mt-6 grid gap-6 lg:grid-cols-[1fr_18rem]" noValidate onSubmit={submit}>
        <div className="space-y-4">
          <TextField label="Segment name" value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} error={errors.name} required disabled={!canEdit} />
          <TextAreaField label="Description" value={draft.description} onChange={(e) => setDraft({ ...draft, description: e.target.value })} error={errors.description} rows={2} disabled={!canEdit} />
          {locations.length > 1 ? (
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">Clients of</legend>
              <div className="mt-2 flex flex-wrap gap-3">
                {locations.map((b) => (
                  <label key={b.id} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      disabled={!canEdit}
                      checked={draft.businessList.includes(b.id)}
                      onChange={(e) =>
                        setDraft({ ...draft, businessList: e.target.checked ? [...draft.businessList, b.id].sort((x, y) => x - y) : draft.businessList.filter((x) => x !== b.id) })
                      }
                    />
                    {b.name}
                  </label>
                ))}
              </div>
              {errors.businessList ? (
                <p role="alert" className="mt-1 text-sm text-red-700">
                  {errors.businessList}
                </p>
              ) : null}
            </fieldset>
          ) : null}
          <section aria-labelledby="segment-conditions" className="space-y-2">
            <h2 id="segment-conditions" className="text-lg font-semibold text-slate-900">
              Conditions
            </h2>
            <SegmentTreeEditor
              value={draft.tree}
              onChange={(tree) => setDraft({ ...draft, tree })}
              choices={choices}
              segments={segmentChoices}
              currencySymbol={currencySymbolOf(business.data)}
              disabled={!canEdit}
            />
            {errors.query_parameters ? (
              <p role="alert" className="text-sm text-red-700">
                {errors.query_parameters}
              </p>
            ) : null}
          </section>
          {canEdit ? (
            <div className="flex gap-2">
              <Button type="submit" loading={mutations.create.isPending || mutations.update.isPending} disabled={!dirty && segment !== undefined}>
                {segment ? 'Save segment' : 'Add segment'}
              </Button>
            </div>
          ) : null}
        </div>
        <LiveCount businessId={businessId} segment={segment} live={live} problem={problem} dirty={dirty} updateCache={mutations.updateCache} timeZone={timezone} />
      </form>
      {leaving}
      {segment && dialog === 'delete' ? <DeleteSegmentDialog businessId={businessId} segment={segment} onClose={() => setDialog(null)} /> : null}
      {segment && dialog === 'copy' ? <CopySegmentDialog businessId={businessId} segment={segment} locations={locations.filter((b) => b.id !== businessId)} onClose={() => setDialog(null)} /> : null}
      {segment && dialog === 'editors' ? <SegmentEditorsDialog businessId={businessId} segment={segment} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
