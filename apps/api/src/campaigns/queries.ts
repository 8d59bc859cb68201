import type { Campaign, CampaignFigures, CampaignStatus } from '@salondesk/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/executor';

export const emptyFigures = (): CampaignFigures => ({
  recipients: 0,
  handed: 0,
  delivered: 0,
  failed: 0,
  skippedUnsubscribed: 0,
  skippedCap: 0,
  skippedNoAddress: 0,
  unsubscribed: 0,
  surveyAnswers: 0,
});

const n = (value: unknown): number => Number(value ?? 0);

/**
 * The figures of campaigns (core's `CAMPAIGN_FIGURES`), by campaign id: their deliveries, the
 * outbox's word on each handed message, the unsubscribes through their links and the survey
 * answers of their invitations. One definition: the list, a campaign and the report read this.
 * A handed message whose outbox row is gone (the demo's outbox keeps 30 days) counts as delivered.
 */
export async function campaignFiguresOf(db: Executor, campaignIds: readonly number[]): Promise<Map<number, CampaignFigures>> {
  const out = new Map<number, CampaignFigures>();
  if (campaignIds.length === 0) return out;
  const ids = sql`${`{${campaignIds.join(',')}}`}::int[]`;
  const { rows } = await db.execute(sql`
    select d.campaign_id as id,
      count(*) as recipients,
      count(*) filter (where d.status = 'handed') as handed,
      count(*) filter (where d.status = 'handed' and coalesce(o.status, 'sent') <> 'failed') as delivered,
      count(*) filter (where d.status = 'handed' and o.status = 'failed') as failed,
      count(*) filter (where d.skip_reason = 'unsubscribed') as skipped_unsubscribed,
      count(*) filter (where d.skip_reason = 'frequency_cap') as skipped_cap,
      count(*) filter (where d.skip_reason = 'no_address') as skipped_no_address,
      (select count(*) from campaign_unsubscribes u join campaign_deliveries du on du.id = u.delivery_id where du.campaign_id = d.campaign_id) as unsubscribed,
      (select count(*) from survey_invitations i join campaign_deliveries di on di.id = i.delivery_id where di.campaign_id = d.campaign_id and i.answered_at is not null) as survey_answers
    from campaign_deliveries d
    left join outbox o on o.id = d.outbox_id
    where d.campaign_id = any(${ids})
    group by d.campaign_id`);
  for (const r of rows) {
    out.set(n(r.id), {
      recipients: n(r.recipients),
      handed: n(r.handed),
      delivered: n(r.delivered),
      failed: n(r.failed),
      skippedUnsubscribed: n(r.skipped_unsubscribed),
      skippedCap: n(r.skipped_cap),
      skippedNoAddress: n(r.skipped_no_address),
      unsubscribed: n(r.unsubscribed),
      surveyAnswers: n(r.survey_answers),
    });
  }
  return out;
}

/** Adds figures key by key (a report's totals). */
export function addFigures(a: CampaignFigures, b: CampaignFigures): CampaignFigures {
  const out = emptyFigures();
  for (const key of Object.keys(out) as (keyof CampaignFigures)[]) out[key] = a[key] + b[key];
  return out;
}

export interface CampaignRow {
  id: number;
  business_id: number;
  business_name: string;
  name: string;
  channel: 'email' | 'sms';
  subject: string | null;
  body: string;
  segment_id: number | null;
  segment_name: string | null;
  survey_id: number | null;
  survey_name: string | null;
  cap_messages: number | null;
  cap_days: number | null;
  status: CampaignStatus;
  send_day: string | null;
  send_time: string | null;
  send_at: Date | null;
  schedule_version: number;
  rounds: number;
  sent_at: Date | null;
  duplicated_from_id: number | null;
  created_at: Date;
  updated_at: Date;
}

/** Campaigns with their location's, segment's and survey's names, newest first. */
export async function selectCampaigns(db: Executor, where: SQL, options: { forUpdate?: boolean } = {}): Promise<CampaignRow[]> {
  const { rows } = await db.execute(sql`
    select c.id, c.business_id, b.name as business_name, c.name, c.channel, c.subject, c.body, c.segment_id, sg.name as segment_name,
      c.survey_id, s.name as survey_name, c.cap_messages, c.cap_days, c.status, to_char(c.send_day, 'YYYY-MM-DD') as send_day, c.send_time, c.send_at,
      c.schedule_version, c.rounds, c.sent_at, c.duplicated_from_id, c.created_at, c.updated_at
    from campaigns c
    join businesses b on b.id = c.business_id
    left join surveys s on s.id = c.survey_id
    left join customer_segments sg on sg.id = c.segment_id
    where ${where}
    order by c.created_at desc, c.id desc
    ${options.forUpdate ? sql`for update of c` : sql``}`);
  return rows.map((r) => ({
    ...(r as unknown as CampaignRow),
    send_at: r.send_at ? new Date(r.send_at as string) : null,
    sent_at: r.sent_at ? new Date(r.sent_at as string) : null,
    created_at: new Date(r.created_at as string),
    updated_at: new Date(r.updated_at as string),
  }));
}

export const toCampaign = (row: CampaignRow, figures: CampaignFigures | undefined): Campaign => ({
  id: row.id,
  businessId: row.business_id,
  name: row.name,
  channel: row.channel,
  subject: row.subject,
  body: row.body,
  segmentId: row.segment_id,
  segmentName: row.segment_name,
  surveyId: row.survey_id,
  surveyName: row.survey_name,
  frequencyCap: row.cap_messages !== null && row.cap_days !== null ? { messages: row.cap_messages, days: row.cap_days } : null,
  status: row.status,
  sendDay: row.send_day,
  sendTime: row.send_time,
  sendAt: row.send_at?.toISOString() ?? null,
  sentAt: row.sent_at?.toISOString() ?? null,
  rounds: row.rounds,
  duplicatedFromId: row.duplicated_from_id,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  figures: figures ?? emptyFigures(),
});

/** Campaigns as the API answers them, with their figures. */
export async function loadCampaigns(db: Executor, where: SQL): Promise<(Campaign & { businessName: string })[]> {
  const rows = await selectCampaigns(db, where);
  const figures = await campaignFiguresOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...toCampaign(r, figures.get(r.id)), businessName: r.business_name }));
}
