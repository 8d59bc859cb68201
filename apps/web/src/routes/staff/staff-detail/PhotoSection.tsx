import { MESSAGES, type StaffMember, userCan } from '@salondesk/core';
import { useChooseStaffPhoto, useSession } from '@salondesk/react';
import { useState } from 'react';
import { MediaPicker } from '../../../app/MediaPicker';
import { toasts } from '../../../app/toasts';
import { Button } from '../../../ui/Button';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');

/** The member's photo, chosen from the media library (or uploaded into it there), or removed. */
export function PhotoSection({ businessId, member, mayEdit }: { businessId: number; member: StaffMember; mayEdit: boolean }) {
  const user = useSession().session?.user;
  const mayUpload = user !== undefined && userCan(user, 'setting.editsetting');
  const choose = useChooseStaffPhoto(businessId);
  const [picking, setPicking] = useState(false);
  const set = (imageId: number | null) =>
    choose.mutate(
      { staffId: member.id, imageId },
      {
        onSuccess: () => {
          toasts.success(MESSAGES.employeeUpdated);
          setPicking(false);
        },
        onError: (error) => toasts.error(error.message),
      },
    );
  return (
    <section aria-labelledby="photo" className="mt-6 flex flex-wrap items-center gap-5 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      {member.photo_url ? (
        <img src={member.photo_url} alt={`Photo of ${member.display_name}`} className="size-24 rounded-full object-cover ring-1 ring-slate-200" />
      ) : (
        <span aria-hidden="true" className="flex size-24 items-center justify-center rounded-full bg-brand-50 text-2xl font-semibold text-brand-700">{initials(member.full_name)}</span>
      )}
      <div className="min-w-0 flex-1">
        <h2 id="photo" className="text-base font-semibold text-slate-900">Photo</h2>
        <p className="mt-1 text-sm text-slate-600">{member.photo_url ? 'Shown on the website and in booking.' : 'No photo yet: initials are shown instead.'}</p>
        {mayEdit ? (
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setPicking(true)}>{member.photo_url ? 'Change photo' : 'Choose a photo'}</Button>
            {member.photo_url ? <Button variant="ghost" loading={choose.isPending && !picking} onClick={() => set(null)}>Remove photo</Button> : null}
          </div>
        ) : null}
      </div>
      {picking ? (
        <MediaPicker
          businessId={businessId}
          open
          title={`Photo of ${member.display_name}`}
          currentId={member.photo_media_id}
          mayUpload={mayUpload}
          saving={choose.isPending}
          onChoose={(id) => set(id)}
          onClose={() => setPicking(false)}
        />
      ) : null}
    </section>
  );
}
