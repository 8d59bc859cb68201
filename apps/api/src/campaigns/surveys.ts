import { npsSummaryOf, type Survey, type SurveyResults } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { rosterDisplayNames } from '../staff/queries';
import type { Executor } from '../db/executor';

/** A business's surveys (or one), with invitations, answers and the NPS (core's `npsSummaryOf`). */
export async function loadSurveys(db: Executor, businessId: number, surveyId?: number): Promise<Survey[]> {
  const { rows } = await db.execute(sql`
    select s.id, s.business_id, s.name, s.question, s.active, s.created_at,
      (select count(*) from survey_invitations i where i.survey_id = s.id) as invited,
      coalesce((select array_agg(i.score) from survey_invitations i where i.survey_id = s.id and i.answered_at is not null), '{}') as scores
    from surveys s
    where s.business_id = ${businessId} ${surveyId === undefined ? sql`` : sql`and s.id = ${surveyId}`}
    order by s.created_at desc, s.id desc`);
  return rows.map((r) => {
    const summary = npsSummaryOf((r.scores as number[]).map(Number));
    return {
      id: Number(r.id),
      businessId: Number(r.business_id),
      name: r.name as string,
      kind: 'nps' as const,
      question: r.question as string,
      active: Boolean(r.active),
      createdAt: new Date(r.created_at as string).toISOString(),
      invited: Number(r.invited),
      answers: summary.answers,
      nps: summary.nps,
    };
  });
}

/**
 * A survey's results: overall, per score, per staff member and per service of the visit each
 * answer is about (the client's last visit before the invitation: its live checkout's service
 * lines), and the newest comments. A staff member is named by `display_name`. The lines are found
 * through their ticket (`saleslogs_queue_idx`): a survey of hundreds of answers reads in milliseconds.
 */
export async function surveyResults(db: Executor, businessId: number, surveyId: number): Promise<SurveyResults | null> {
  const [survey] = await loadSurveys(db, businessId, surveyId);
  if (!survey) return null;
  const { rows: answers } = await db.execute(sql`
    select i.id, i.score, i.comment, i.answered_at, to_char(co.checkout_day, 'YYYY-MM-DD') as visit_day,
      coalesce((select array_agg(distinct l.employee_id) from saleslogs l where l.queue_id = co.queue_id and l.checkout_id = co.id and not l.voided and l.employee_id is not null), '{}') as staff_ids,
      coalesce((select json_agg(distinct jsonb_build_object('id', l.service_id, 'name', l.name)) from saleslogs l
        where l.queue_id = co.queue_id and l.checkout_id = co.id and not l.voided and l.kind = 'service' and l.service_id is not null), '[]') as services
    from survey_invitations i
    left join checkouts co on co.id = i.checkout_id and co.voided_at is null
    where i.survey_id = ${surveyId} and i.business_id = ${businessId} and i.answered_at is not null
    order by i.answered_at desc, i.id desc`);
  const names = await rosterDisplayNames(db, businessId);
  const distribution = Array.from({ length: 11 }, () => 0);
  const byStaff = new Map<number, number[]>();
  const byService = new Map<number, { name: string; scores: number[] }>();
  for (const a of answers) {
    const score = Number(a.score);
    distribution[score] = (distribution[score] ?? 0) + 1;
    for (const staffId of a.staff_ids as number[]) {
      const list = byStaff.get(Number(staffId)) ?? [];
      list.push(score);
      byStaff.set(Number(staffId), list);
    }
    for (const service of a.services as { id: number; name: string }[]) {
      const entry = byService.get(service.id) ?? { name: service.name, scores: [] };
      entry.scores.push(score);
      byService.set(service.id, entry);
    }
  }
  return {
    survey,
    overall: npsSummaryOf(answers.map((a) => Number(a.score))),
    distribution,
    byStaff: [...byStaff]
      .map(([staffId, scores]) => ({ staffId, name: names.get(staffId) ?? 'Former staff', ...npsSummaryOf(scores) }))
      .sort((x, y) => y.answers - x.answers || x.name.localeCompare(y.name)),
    byService: [...byService]
      .map(([serviceId, { name, scores }]) => ({ serviceId, name, ...npsSummaryOf(scores) }))
      .sort((x, y) => y.answers - x.answers || x.name.localeCompare(y.name)),
    comments: answers
      .filter((a) => typeof a.comment === 'string' && a.comment !== '')
      .slice(0, 50)
      .map((a) => ({ id: Number(a.id), score: Number(a.score), comment: a.comment as string, answeredAt: new Date(a.answered_at as string).toISOString(), visitDay: (a.visit_day as string | null) ?? null })),
  };
}
