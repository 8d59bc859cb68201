import { type PayoutInterval, type PayoutSchedule, payoutSchedule, problemsByField, type WeeklyAnchor } from '@salondesk/core';

/** The payout schedule as the form holds it: what is typed, before it is a number. */
export interface ScheduleForm {
  delay_days: string;
  interval: PayoutInterval;
  /** '' while no day of the week is chosen. */
  weekly_anchor: WeeklyAnchor | '';
  monthly_anchor: string;
}

export type ScheduleField = keyof ScheduleForm;

/** The form of a saved schedule. */
export const formOf = (s: PayoutSchedule): ScheduleForm => ({
  delay_days: String(s.delay_days),
  interval: s.interval,
  weekly_anchor: s.weekly_anchor ?? '',
  monthly_anchor: s.monthly_anchor === null ? '' : String(s.monthly_anchor),
});

const numberOrText = (value: string): number | string | null => {
  const t = value.trim();
  if (t === '') return null;
  return /^[+-]?\d+$/.test(t) ? Number(t) : t;
};

/**
 * The form checked with the request's own schema (`payoutSchedule`, whose check is core's
 * `scheduleAnchorProblem`): the schedule to send, or the first problem of each field. Only the
 * anchor of the chosen interval is sent (the other one is kept in the form for switching back), so
 * what is refused is a weekly schedule with no day, a monthly one with no or a bad day of the month,
 * and a delay out of bounds.
 */
export function readForm(form: ScheduleForm): { ok: true; schedule: PayoutSchedule } | { ok: false; problems: Partial<Record<ScheduleField, string>> } {
  const candidate = {
    delay_days: numberOrText(form.delay_days) ?? '',
    interval: form.interval,
    weekly_anchor: form.interval === 'weekly' ? form.weekly_anchor || null : null,
    monthly_anchor: form.interval === 'monthly' ? numberOrText(form.monthly_anchor) : null,
  };
  const checked = payoutSchedule.safeParse(candidate);
  if (checked.success) return { ok: true, schedule: checked.data };
  return { ok: false, problems: problemsByField(checked.error.issues) as Partial<Record<ScheduleField, string>> };
}

/** The server's problems with the schedule (`['body', 'schedule', 'weekly_anchor']`) by the form's field. */
export function serverProblems(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Partial<Record<ScheduleField, string>> {
  const inner = issues.map((i) => ({ ...i, path: i.path.filter((p) => p !== 'body' && p !== 'schedule') }));
  return problemsByField(inner) as Partial<Record<ScheduleField, string>>;
}
