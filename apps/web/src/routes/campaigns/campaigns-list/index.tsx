import {
  type Campaign,
  CAMPAIGN_CHANNEL_LABEL,
  CAMPAIGN_FIGURES,
  CAMPAIGN_LIMITS,
  CAMPAIGN_STATUS_LABEL,
  campaignAudienceLabel,
  campaignCan,
  campaignExports,
  campaignCreate,
  DEFAULT_FREQUENCY_CAP,
  formatInstantIn,
  MESSAGES,
  problemsByField,
  userCan,
} from '@salondesk/core';
import { useBusiness, useCampaignAudience, useCampaignChange, useCampaigns, useCampaignSegmentChoices, useRemoveCampaign, useSession, useSurveys } from '@salondesk/react';
import { type FormEvent, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { ExportActions } from '../../../app/ExportActions';
import { LoadError } from '../../../app/LoadError';
import { ReportPrintHeader } from '../../../app/ReportPrintHeader';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { toasts } from '../../../app/toasts';
import { Button } from '../../../ui/Button';
import { Chart } from '../../../ui/Chart';
import type { DataColumn } from '../../../ui/DataTable';
import { EmptyState } from '../../../ui/EmptyState';
import { Modal } from '../../../ui/Modal';
import { PageHeader } from '../../../ui/PageHeader';
import { SelectField } from '../../../ui/SelectField';
import { Skeleton } from '../../../ui/Skeleton';
import { StatusBadge } from '../../../ui/StatusBadge';
import { TextAreaField } from '../../../ui/TextAreaField';
import { TextField } from '../../../ui/TextField';
import { useBusinessId } from '../../../app/useBusinessId';
import { AllLocationsCampaigns } from './AllLocationsCampaigns';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { FormActions } from '../../../ui/FormActions';

type Dialog = { kind: 'edit'; campaign?: Campaign } | { kind: 'schedule'; campaign: Campaign } | { kind: 'remove'; campaign: Campaign } | { kind: 'resend'; campaign: Campaign };
type Row = Campaign & { actions: { label: string; run: () => void }[] };

const count = new Intl.NumberFormat('en-US');
const TONE = { draft: 'neutral', scheduled: 'info', sending: 'warning', sent: 'success' } as const;

const columns = (timeZone: string): DataColumn<Row>[] => [
  { id: 'name', header: 'Campaign', value: (c) => c.name, size: 220 },
  { id: 'status', header: 'Status', value: (c) => c.status, cell: (c) => <StatusBadge label={CAMPAIGN_STATUS_LABEL[c.status]} tone={TONE[c.status]} />, size: 110, priority: 'always' },
  { id: 'channel', header: 'Channel', value: (c) => CAMPAIGN_CHANNEL_LABEL[c.channel], size: 120, priority: 3 },
  { id: 'segment', header: 'Audience', value: campaignAudienceLabel, size: 160, priority: 4 },
  { id: 'when', header: 'Send time', value: (c) => c.sentAt ?? c.sendAt ?? '', cell: (c) => (c.sentAt ?? c.sendAt ? formatInstantIn((c.sentAt ?? c.sendAt) as string, timeZone) : '—'), size: 220, priority: 2 },
  { id: 'recipients', header: CAMPAIGN_FIGURES.recipients.label, value: (c) => c.figures.recipients, cell: (c) => count.format(c.figures.recipients), align: 'end', size: 110, priority: 5 },
  { id: 'handed', header: CAMPAIGN_FIGURES.handed.label, value: (c) => c.figures.handed, cell: (c) => count.format(c.figures.handed), align: 'end', size: 90, priority: 'always' },
  { id: 'delivered', header: CAMPAIGN_FIGURES.delivered.label, value: (c) => c.figures.delivered, cell: (c) => count.format(c.figures.delivered), align: 'end', size: 100, priority: 6 },
  { id: 'failed', header: CAMPAIGN_FIGURES.failed.label, value: (c) => c.figures.failed, cell: (c) => count.format(c.figures.failed), align: 'end', size: 80, priority: 7 },
  { id: 'unsubscribed', header: CAMPAIGN_FIGURES.unsubscribed.label, value: (c) => c.figures.unsubscribed, cell: (c) => count.format(c.figures.unsubscribed), align: 'end', size: 120, priority: 8 },
  { id: 'answers', header: CAMPAIGN_FIGURES.surveyAnswers.label, value: (c) => c.figures.surveyAnswers, cell: (c) => count.format(c.figures.surveyAnswers), align: 'end', size: 120, priority: 9 },
  {
    id: 'actions',
    header: 'Actions',
    cell: (c) => (
      <span className="flex flex-wrap justify-end gap-1">
        {c.actions.map((a) => (
          <Button key={a.label} size="sm" variant="ghost" onClick={a.run} aria-label={`${a.label} ${c.name}`}>
            {a.label}
          </Button>
        ))}
      </span>
    ),
    align: 'end',
    size: 260,
    priority: 1,
  },
];

/**
 * `/{businessId}/campaigns`: the location's email and text campaigns with their delivery
 * figures; write one to a segment, schedule it at any hour in the location's time zone (or send
 * it now), cancel, duplicate, resend, delete a draft.
 */
export function Component() {
  const businessId = useBusinessId();
  const user = useSession().session?.user;
  const mayManage = user !== undefined && userCan(user, 'operation.campaigns');
  const mayReport = user !== undefined && userCan(user, 'reporting.campaignreport');
  const business = useBusiness(businessId);
  const timeZone = business.data?.timezone ?? 'America/Los_Angeles';
  const campaigns = useCampaigns(businessId);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const duplicate = useCampaignChange(businessId);
  const rows = useMemo<Row[] | undefined>(
    () =>
      campaigns.data?.map((c) => ({
        ...c,
        actions: mayManage
          ? [
              ...(campaignCan.edit(c) ? [{ label: 'Edit', run: () => setDialog({ kind: 'edit', campaign: c }) }] : []),
              ...(campaignCan.schedule(c) ? [{ label: c.status === 'scheduled' ? 'Reschedule' : 'Send', run: () => setDialog({ kind: 'schedule', campaign: c }) }] : []),
              ...(campaignCan.cancel(c) ? [{ label: 'Cancel schedule', run: () => setDialog({ kind: 'schedule', campaign: c }) }] : []),
              ...(campaignCan.resend(c) ? [{ label: 'Resend', run: () => setDialog({ kind: 'resend', campaign: c }) }] : []),
              {
                label: 'Duplicate',
                run: () =>
                  duplicate.mutate({ kind: 'duplicate', campaignId: c.id }, { onSuccess: (copy) => toasts.success(`${MESSAGES.campaignDuplicated}: ${copy.name}`), onError: (error) => toasts.error(error.message) }),
              },
              ...(campaignCan.remove(c) ? [{ label: 'Delete', run: () => setDialog({ kind: 'remove', campaign: c }) }] : []),
            ]
          : [],
      })),
    [campaigns.data, mayManage, duplicate.mutate],
  );
  const sent = (campaigns.data ?? []).filter((c) => c.status === 'sent').slice(0, 12).reverse();

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <ReportPrintHeader title={campaignExports.campaigns.title} businessId={businessId} />
      <PageHeader
        className="print:hidden"
        eyebrow="Clients"
        title="Campaigns"
        description="Email and text messages to your clients, sent at the hour you choose in this location's time zone."
        actions={
          <>
            <Link to={`/${businessId}/campaigns/surveys`} className="rounded-lg px-3 py-2 text-sm font-medium text-indigo-700 hover:bg-indigo-50">
              Surveys
            </Link>
            {mayManage ? <Button onClick={() => setDialog({ kind: 'edit' })}>New campaign</Button> : null}
            <ExportActions endpoint={campaignExports.campaigns} params={{ id: businessId }} query={{}} />
          </>
        }
      />
      {mayReport && sent.length > 0 ? (
        <section className="mt-6 rounded-2xl bg-white p-4 ring-1 ring-slate-200" aria-label="Delivery figures">
          <Chart
            title="Delivery figures of the latest sent campaigns"
            days={sent.map((c) => String(c.id))}
            axis={{ label: 'Campaign', one: 'campaign', many: 'campaigns', days: false }}
            series={(['delivered', 'failed', 'unsubscribed', 'surveyAnswers'] as const).map((key) => ({
              key,
              name: CAMPAIGN_FIGURES[key].label,
              meaning: CAMPAIGN_FIGURES[key].meaning,
              kind: 'bar' as const,
              values: sent.map((c) => c.figures[key]),
              measure: { unit: 'messages', format: (v: number) => count.format(v), minInterval: 1 },
            }))}
            formatDay={(id) => sent.find((c) => String(c.id) === id)?.name ?? id}
            formatDayLong={(id) => sent.find((c) => String(c.id) === id)?.name ?? id}
          />
        </section>
      ) : null}
      <div className="mt-6">
        {campaigns.isError ? (
          <LoadError error={campaigns.error} fallback={MESSAGES.failedToFetchCampaigns} onRetry={() => void campaigns.refetch()} />
        ) : !rows ? (
          <div aria-busy="true">
            <p role="status" className="sr-only">Loading the campaigns</p>
            <Skeleton className="h-40 w-full" />
          </div>
        ) : rows.length === 0 ? (
          <EmptyState title="No campaigns yet" description="Write an email or a text message to a segment of your clients." />
        ) : (
          <SavedDataTable businessId={businessId} name="campaigns" caption="Campaigns" columns={columns(timeZone)} rows={rows} getRowId={(c) => c.id} rowLabel={(c) => c.name} />
        )}
      </div>
      <AllLocationsCampaigns />
      {dialog?.kind === 'edit' ? <CampaignDialog businessId={businessId} campaign={dialog.campaign} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'schedule' ? <ScheduleDialog businessId={businessId} campaign={dialog.campaign} timeZone={timeZone} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'resend' ? <ResendDialog businessId={businessId} campaign={dialog.campaign} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'remove' ? <RemoveDialog businessId={businessId} campaign={dialog.campaign} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}

/** Writes a new campaign or changes a draft (or a scheduled one). */
function CampaignDialog({ businessId, campaign, onClose }: { businessId: number; campaign?: Campaign; onClose: () => void }) {
  const segments = useCampaignSegmentChoices(businessId);
  const surveys = useSurveys(businessId);
  const change = useCampaignChange(businessId);
  const [fields, setFields] = useState({
    name: campaign?.name ?? '',
    channel: campaign?.channel ?? ('email' as 'email' | 'sms'),
    subject: campaign?.subject ?? '',
    body: campaign?.body ?? '',
    segmentId: campaign?.segmentId ? String(campaign.segmentId) : '',
    surveyId: campaign?.surveyId ? String(campaign.surveyId) : '',
    capMessages: String((campaign ? campaign.frequencyCap : DEFAULT_FREQUENCY_CAP)?.messages ?? ''),
    capDays: String((campaign ? campaign.frequencyCap : DEFAULT_FREQUENCY_CAP)?.days ?? ''),
  });
  const [problems, setProblems] = useState<Record<string, string>>({});
  const set = (key: keyof typeof fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value }));
  const submit = () => {
    const cap = fields.capMessages.trim() === '' && fields.capDays.trim() === '' ? null : { messages: Number(fields.capMessages), days: Number(fields.capDays) };
    const body = {
      name: fields.name,
      channel: fields.channel,
      subject: fields.channel === 'email' ? fields.subject : null,
      body: fields.body,
      segmentId: fields.segmentId ? Number(fields.segmentId) : null,
      surveyId: fields.surveyId ? Number(fields.surveyId) : null,
      frequencyCap: cap,
    };
    const checked = campaignCreate.safeParse(body);
    if (!checked.success) {
      const byField = problemsByField(checked.error.issues);
      setProblems({ ...byField, capMessages: byField['frequencyCap.messages'] ?? '', capDays: byField['frequencyCap.days'] ?? '' });
      return;
    }
    const editing = campaign !== undefined;
    change.mutate(editing ? { kind: 'update', campaignId: campaign.id, body } : { kind: 'create', body }, {
      onSuccess: () => {
        toasts.success(editing ? MESSAGES.successfullyUpdated : MESSAGES.successfullyAdded);
        onClose();
      },
      onError: (error) => toasts.error(error.message),
    });
  };
  return (
    <Modal open onClose={onClose} size="wide" title={campaign ? `Edit ${campaign.name}` : 'New campaign'}>
      <form
        className="space-y-4"
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField label="Campaign name" value={fields.name} onChange={set('name')} error={problems.name} maxLength={CAMPAIGN_LIMITS.name} autoFocus />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Channel" value={fields.channel} onChange={set('channel')} options={[{ value: 'email', label: 'Email' }, { value: 'sms', label: 'Text message' }]} />
          <SelectField
            label="Send to"
            value={fields.segmentId}
            onChange={set('segmentId')}
            error={problems.segmentId}
            options={[{ value: '', label: 'All clients of this location' }, ...(segments.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))]}
          />
        </div>
        {fields.channel === 'email' ? <TextField label="Subject" value={fields.subject} onChange={set('subject')} error={problems.subject} maxLength={CAMPAIGN_LIMITS.subject} /> : null}
        <TextAreaField
          label="Message"
          rows={6}
          value={fields.body}
          onChange={set('body')}
          error={problems.body}
          hint={`{first_name} becomes each client's first name${fields.surveyId ? '; {survey_link} the address of their survey' : ''}. An unsubscribe link is added at the end.${fields.channel === 'sms' ? ` At most ${CAMPAIGN_LIMITS.smsBody} characters (${fields.body.length} now).` : ''}`}
        />
        <SelectField
          label="Survey"
          value={fields.surveyId}
          onChange={set('surveyId')}
          error={problems.surveyId}
          options={[{ value: '', label: 'No survey' }, ...(surveys.data ?? []).filter((s) => s.active).map((s) => ({ value: String(s.id), label: s.name }))]}
        />
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-medium text-slate-900">Frequency cap (leave both empty for none)</legend>
          <TextField label="At most messages" inputMode="numeric" value={fields.capMessages} onChange={set('capMessages')} error={problems.capMessages || problems.frequencyCap} />
          <TextField label="Within days" inputMode="numeric" value={fields.capDays} onChange={set('capDays')} error={problems.capDays} />
        </fieldset>
        <FormActions submitLabel="Save draft" pending={change.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}

/** Sends now, schedules for a day and time in the location's time zone, or cancels a schedule. */
function ScheduleDialog({ businessId, campaign, timeZone, onClose }: { businessId: number; campaign: Campaign; timeZone: string; onClose: () => void }) {
  const audience = useCampaignAudience(businessId, campaign.id);
  const change = useCampaignChange(businessId);
  const [day, setDay] = useState(campaign.sendDay ?? '');
  const [time, setTime] = useState(campaign.sendTime ?? '09:00');
  const [problem, setProblem] = useState<string | null>(null);
  const run = (body: { now: true } | { day: string; time: string } | null) =>
    change.mutate(body === null ? { kind: 'cancel', campaignId: campaign.id } : { kind: 'schedule', campaignId: campaign.id, body }, {
      onSuccess: () => {
        toasts.success(body === null ? MESSAGES.campaignCancelled : MESSAGES.campaignScheduled);
        onClose();
      },
      onError: (error) => setProblem(error.message),
    });
  const a = audience.data;
  return (
    <Modal open onClose={onClose} title={`Send ${campaign.name}`} description={`Times are in this location's time zone (${timeZone}).`}>
      <div className="space-y-4">
        <p className="text-sm text-slate-700" role="status">
          {a
            ? `${count.format(a.reachable)} of ${count.format(a.members)} clients will get it${a.unsubscribed + a.noAddress + a.overCap > 0 ? ` (skipped: ${a.unsubscribed} unsubscribed, ${a.noAddress} without an address, ${a.overCap} over the frequency cap)` : ''}.`
            : 'Counting the clients it reaches…'}
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Day" type="date" value={day} onChange={(e) => setDay(e.target.value)} />
          <TextField label="Time" type="time" value={time} onChange={(e) => setTime(e.target.value)} />
        </div>
        {problem ? <p className="text-sm text-red-700" role="alert">{problem}</p> : null}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          {campaignCan.cancel(campaign) ? <Button variant="ghost" onClick={() => run(null)} loading={change.isPending}>Cancel schedule</Button> : null}
          <Button variant="secondary" disabled={!day || !time} onClick={() => run({ day, time })} loading={change.isPending}>Schedule</Button>
          <Button onClick={() => run({ now: true })} loading={change.isPending}>Send now</Button>
        </div>
      </div>
    </Modal>
  );
}

function ResendDialog({ businessId, campaign, onClose }: { businessId: number; campaign: Campaign; onClose: () => void }) {
  const audience = useCampaignAudience(businessId, campaign.id);
  const change = useCampaignChange(businessId);
  return (
    <ConfirmDialog
      tone="primary"
      title={`Resend ${campaign.name}?`}
      description={audience.data ? `It goes now to the ${count.format(audience.data.reachable)} members it has not reached yet (new members, and those whose message failed).` : 'Counting who it has not reached yet…'}
      confirmLabel="Resend"
      cancelLabel="Keep as is"
      pending={change.isPending}
      onClose={onClose}
      onConfirm={() =>
        change.mutate({ kind: 'resend', campaignId: campaign.id }, {
          onSuccess: () => {
            toasts.success(MESSAGES.campaignResent);
            onClose();
          },
          onError: (error) => toasts.error(error.message),
        })
      }
    />
  );
}

function RemoveDialog({ businessId, campaign, onClose }: { businessId: number; campaign: Campaign; onClose: () => void }) {
  const remove = useRemoveCampaign(businessId);
  return (
    <ConfirmDialog
      title={`Delete ${campaign.name}?`}
      description="The draft is deleted for good. Nothing was sent."
      confirmLabel="Delete"
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(campaign.id, {
          onSuccess: () => {
            toasts.success(MESSAGES.successfullyDeleted);
            onClose();
          },
          onError: (error) => toasts.error(error.message),
        })
      }
    />
  );
}
