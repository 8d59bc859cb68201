import { MEDIA_TYPE_LABEL, MEDIA_USE_LABEL, type MediaImage, type MediaTag, MESSAGES, mediaTagList, userCan } from '@salondesk/core';
import { useMediaChange, useMediaLibrary, useSession } from '@salondesk/react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadError } from '../../../app/LoadError';
import { MEDIA_UPLOAD_HINT, mediaGridItem } from '../../../app/mediaItems';
import { toasts } from '../../../app/toasts';
import { useImageUploads } from '../../../app/useImageUploads';
import { Button } from '../../../ui/Button';
import { Drawer } from '../../../ui/Drawer';
import { EmptyState } from '../../../ui/EmptyState';
import { MediaGrid } from '../../../ui/MediaGrid';
import { Modal } from '../../../ui/Modal';
import { PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { TextField } from '../../../ui/TextField';
import { UploadDropZone } from '../../../ui/UploadDropZone';
import { useBusinessId } from '../../../app/useBusinessId';

/** `/{businessId}/media`: the media library — upload by drag and drop, filter by tag or name, rename, tag, see where an image is used, delete. */
export function Component() {
  const businessId = useBusinessId();
  const user = useSession().session?.user;
  const mayEdit = user !== undefined && userCan(user, 'setting.editsetting');
  const [tag, setTag] = useState<string | undefined>();
  const [search, setSearch] = useState('');
  const library = useMediaLibrary(businessId, { tag, search: search.trim() || undefined });
  const uploads = useImageUploads(businessId);
  const [openId, setOpenId] = useState<number | null>(null);
  const open = library.data?.images.find((i) => i.id === openId);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <PageHeader eyebrow="Marketing" title="Media library" description="Staff photos, service images and pictures for the website. Each upload is kept with its location and camera data removed, in sizes for the web." />
      {mayEdit ? (
        <div className="mt-6">
          <UploadDropZone hint={MEDIA_UPLOAD_HINT} uploads={uploads.uploads} onFiles={(files) => void uploads.start(files)} />
        </div>
      ) : null}

      <div className="mt-6 flex flex-wrap items-end gap-4">
        <TextField className="w-64" label="Search by name" value={search} onChange={(e) => setSearch(e.target.value)} />
        {library.data ? <TagFilter businessId={businessId} tags={library.data.tags} current={tag} onChange={setTag} mayEdit={mayEdit} /> : null}
      </div>

      <div className="mt-6">
        {library.isError ? (
          <LoadError error={library.error} fallback={MESSAGES.failedToFetchDataBang} onRetry={() => void library.refetch()} />
        ) : !library.data ? (
          <div aria-busy="true" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <p role="status" className="sr-only">Loading the images</p>
            {[0, 1, 2, 3].map((i) => <Skeleton key={i} className="aspect-square w-full" />)}
          </div>
        ) : library.data.images.length === 0 ? (
          <EmptyState title={MESSAGES.noImagesFound} description={tag || search ? 'Nothing matches this tag or name.' : mayEdit ? 'Drop images above to start the library.' : undefined} />
        ) : (
          <MediaGrid label="Images" items={library.data.images.map(mediaGridItem)} onChoose={setOpenId} />
        )}
      </div>

      <Drawer open={open !== undefined} onClose={() => setOpenId(null)} title={open?.name ?? 'Image'}>
        {open ? <ImageDetails key={open.id} businessId={businessId} image={open} mayEdit={mayEdit} onDeleted={() => setOpenId(null)} /> : null}
      </Drawer>
    </div>
  );
}

/** The tags of the library as filters; "All" first. Those who may edit can delete a tag (its images stay). */
function TagFilter({ businessId, tags, current, onChange, mayEdit }: { businessId: number; tags: readonly MediaTag[]; current: string | undefined; onChange: (tag: string | undefined) => void; mayEdit: boolean }) {
  const change = useMediaChange(businessId);
  const [removing, setRemoving] = useState<MediaTag | null>(null);
  if (tags.length === 0) return null;
  const chip = (label: string, pressed: boolean, onClick: () => void) => (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={`rounded-full px-3 py-1 text-sm ring-1 focus-visible:outline-2 focus-visible:outline-brand-600 ${pressed ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'}`}
    >
      {label}
    </button>
  );
  return (
    <div role="group" aria-label="Filter by tag" className="flex flex-wrap items-center gap-2">
      {chip('All', current === undefined, () => onChange(undefined))}
      {tags.map((t) => (
        <span key={t.id} className="inline-flex items-center gap-1">
          {chip(`${t.name} (${t.images})`, current?.toLowerCase() === t.name.toLowerCase(), () => onChange(t.name))}
          {mayEdit ? (
            <button type="button" aria-label={`Delete the tag ${t.name}`} onClick={() => setRemoving(t)} className="rounded-full px-1.5 text-slate-400 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-brand-600">
              ×
            </button>
          ) : null}
        </span>
      ))}
      <Modal
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={`Delete the tag ${removing?.name ?? ''}?`}
        description={`It leaves the library and the ${removing?.images ?? 0} image(s) that have it. The images stay.`}
        actions={
          <>
            <Button
              variant="danger"
              loading={change.isPending}
              onClick={() =>
                removing &&
                change.mutate(
                  { kind: 'removeTag', tagId: removing.id },
                  {
                    onSuccess: () => {
                      toasts.success(MESSAGES.deletedSuccessfully);
                      if (current?.toLowerCase() === removing.name.toLowerCase()) onChange(undefined);
                      setRemoving(null);
                    },
                    onError: (error) => toasts.error(error.message),
                  },
                )
              }
            >
              Delete tag
            </Button>
            <Button variant="ghost" onClick={() => setRemoving(null)}>Cancel</Button>
          </>
        }
      />
    </div>
  );
}

/** Two tag lists name the same tags (order and case aside). */
const sameTags = (a: readonly string[], b: readonly string[]) => {
  const key = (list: readonly string[]) => list.map((t) => t.toLowerCase()).sort().join('\n');
  return key(a) === key(b);
};

const sizeOf = (bytes: number) => (bytes <= 0 ? '—' : bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} kB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`);

/** One image: a preview, rename, tags, where it is used, delete (asked first; refused while it is used). */
function ImageDetails({ businessId, image, mayEdit, onDeleted }: { businessId: number; image: MediaImage; mayEdit: boolean; onDeleted: () => void }) {
  const change = useMediaChange(businessId);
  const [name, setName] = useState(image.name);
  const [tags, setTags] = useState(image.tags.join(', '));
  const [confirm, setConfirm] = useState(false);
  const preview = image.renditions.find((r) => r.rendition === 'webp') ?? image.renditions[0];
  const done = (message: string, after?: () => void) => ({
    onSuccess: () => {
      toasts.success(message);
      after?.();
    },
    onError: (error: Error) => toasts.error(error.message),
  });
  const rename = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ kind: 'rename', imageId: image.id, name }, done(MESSAGES.updatedSuccessfully));
  };
  const retag = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ kind: 'setTags', imageId: image.id, tags: mediaTagList(tags) }, done(MESSAGES.updatedSuccessfully));
  };
  const inUse = image.usedIn.length > 0;
  return (
    <div className="space-y-6">
      {preview ? <img src={preview.url} alt={image.name} className="w-full rounded-xl bg-slate-100 object-contain" /> : null}
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <dt className="text-slate-500">Type</dt>
        <dd>{MEDIA_TYPE_LABEL[image.contentType]}</dd>
        <dt className="text-slate-500">Size</dt>
        <dd>{image.width} × {image.height} px · {sizeOf(image.bytes)}</dd>
        <dt className="text-slate-500">File</dt>
        <dd className="truncate">{image.filename}</dd>
        <dt className="text-slate-500">Added</dt>
        <dd>{image.created_at.slice(0, 10)}</dd>
      </dl>

      <form onSubmit={rename} className="flex items-end gap-2">
        <TextField className="flex-1" label="Name" value={name} disabled={!mayEdit} onChange={(e) => setName(e.target.value)} />
        {mayEdit ? <Button type="submit" variant="secondary" disabled={name.trim() === image.name || name.trim() === ''} aria-label="Save name">Save</Button> : null}
      </form>
      <form onSubmit={retag} className="flex items-end gap-2">
        <TextField className="flex-1" label="Tags" hint="Separated by commas" value={tags} disabled={!mayEdit} onChange={(e) => setTags(e.target.value)} />
        {mayEdit ? <Button type="submit" variant="secondary" disabled={sameTags(mediaTagList(tags), image.tags)} aria-label="Save tags">Save</Button> : null}
      </form>

      <section aria-labelledby="used-in">
        <h3 id="used-in" className="text-sm font-semibold text-slate-900">Used in</h3>
        {inUse ? (
          <ul className="mt-2 space-y-1 text-sm">
            {image.usedIn.map((u) => (
              <li key={`${u.kind}-${u.refId}`}>
                {MEDIA_USE_LABEL[u.kind]}:{' '}
                {u.kind === 'staff' && u.refId ? <Link className="font-medium text-brand-700 underline" to={`../staff/${u.refId}`} relative="path">{u.name}</Link> : u.kind === 'service' ? <Link className="font-medium text-brand-700 underline" to="../catalogue" relative="path">{u.name}</Link> : u.name}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-600">Not used anywhere yet.</p>
        )}
      </section>

      {mayEdit ? (
        <div>
          <Button variant="danger" onClick={() => setConfirm(true)} disabled={inUse} aria-describedby={inUse ? 'delete-note' : undefined}>Delete image</Button>
          {inUse ? <p id="delete-note" className="mt-2 text-sm text-slate-600">An image in use cannot be deleted: choose another image where it is used first.</p> : null}
        </div>
      ) : null}

      <Modal
        open={confirm}
        onClose={() => setConfirm(false)}
        title={`Delete ${image.name}?`}
        description="The image and all its sizes are removed from the library. This cannot be undone."
        actions={
          <>
            <Button variant="danger" loading={change.isPending} onClick={() => change.mutate({ kind: 'remove', imageId: image.id }, done(MESSAGES.deletedSuccessfully, () => { setConfirm(false); onDeleted(); }))}>
              Delete
            </Button>
            <Button variant="ghost" onClick={() => setConfirm(false)}>Cancel</Button>
          </>
        }
      />
    </div>
  );
}
