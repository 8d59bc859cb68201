import { type DraftFlagEvent, MASTER_TEMPLATE_ID, MESSAGES } from '@salondesk/core';
import { useCopyDraftsFromTemplate } from '@salondesk/react';
import { useState } from 'react';
import { toasts } from '../../../app/toasts';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import { errorText, shortDate } from './scheduleView';

/** "Copy drafts from a template": the chosen template's shifts become the drafts of the days shown. */
export function CopyTemplateDialog(props: {
  open: boolean;
  businessId: number;
  templates: readonly { id: string; name: string }[];
  start: string;
  end: string;
  markDraft: (event: DraftFlagEvent) => void;
  onClose: () => void;
}) {
  const [id, setId] = useState(MASTER_TEMPLATE_ID);
  const copyTemplate = useCopyDraftsFromTemplate(props.businessId);
  const copy = () => {
    props.markDraft({ type: 'edit' });
    copyTemplate.mutate(
      { from: props.start, to: props.end, template_id: id },
      {
        onSuccess: () => {
          toasts.success(MESSAGES.draftsCopiedFromTemplate);
          props.onClose();
        },
        onError: (error) => toasts.error(errorText(error) || MESSAGES.templateNotFound),
      },
    );
  };
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title="Copy drafts from a template"
      description={`The template's shifts become drafts for ${shortDate(props.start)} – ${shortDate(props.end)}, replacing the drafts there. Holidays stay empty.`}
      actions={
        <>
          <Button variant="secondary" onClick={props.onClose}>
            Cancel
          </Button>
          <Button loading={copyTemplate.isPending} onClick={copy}>
            Copy drafts
          </Button>
        </>
      }
    >
      <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-800">
        Template
        <select className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm" value={id} onChange={(e) => setId(e.target.value)}>
          {props.templates.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </label>
    </Modal>
  );
}
