import { type PayPeriod, type PayrollInfo, payrollInfo } from '@salondesk/core';

/** The payroll settings as the form holds them: what is typed, before it is a number. */
export interface PayrollForm {
  breakMinutes: string;
  breakThresholdHours: string;
  overtimeDaily: boolean;
  overtimeDailyHours: string;
  overtimeWeekly: boolean;
  overtimeWeeklyHours: string;
  payPeriod: PayPeriod;
  lastPayoutStartDate: string;
  clockInTime: string;
  clockOutTime: string;
  shiftDuration: string;
  clockOutGraceMinutes: string;
}

const text = (n: number | null) => (n === null ? '' : String(n));

/** The form of saved settings. An overtime threshold that is off keeps a usual value ready to switch on. */
export function formOf(info: PayrollInfo): PayrollForm {
  const { settings: s, payrollHourSettings: h } = info;
  return {
    breakMinutes: text(s.breakMinutes),
    breakThresholdHours: text(s.breakThresholdHours),
    overtimeDaily: s.overtimeDailyHours !== null,
    overtimeDailyHours: text(s.overtimeDailyHours ?? 8),
    overtimeWeekly: s.overtimeWeeklyHours !== null,
    overtimeWeeklyHours: text(s.overtimeWeeklyHours ?? 40),
    payPeriod: s.payPeriod,
    lastPayoutStartDate: info.lastPayoutStartDate ?? '',
    clockInTime: h.clockInTime ?? '',
    clockOutTime: h.clockOutTime ?? '',
    shiftDuration: text(h.shiftDuration),
    clockOutGraceMinutes: String(h.clockOutGraceMinutes),
  };
}

/** A typed number: empty is "not set" (null), anything else must be a number (left as text for the schema to refuse). */
const numberOrNull = (value: string): number | null | string => {
  const t = value.trim();
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : t;
};

const NUMBER_FIELDS = new Set<keyof PayrollForm>(['breakMinutes', 'breakThresholdHours', 'overtimeDailyHours', 'overtimeWeeklyHours', 'shiftDuration', 'clockOutGraceMinutes']);

/**
 * The form checked with the request's own schema (`payrollInfo`): the settings to send, or the
 * first problem of each field, keyed by the form's field names.
 */
export function readForm(form: PayrollForm): { ok: true; info: PayrollInfo } | { ok: false; problems: Partial<Record<keyof PayrollForm, string>> } {
  const candidate = {
    settings: {
      breakMinutes: numberOrNull(form.breakMinutes),
      breakThresholdHours: numberOrNull(form.breakThresholdHours),
      overtimeDailyHours: form.overtimeDaily ? (numberOrNull(form.overtimeDailyHours) ?? '') : null,
      overtimeWeeklyHours: form.overtimeWeekly ? (numberOrNull(form.overtimeWeeklyHours) ?? '') : null,
      payPeriod: form.payPeriod,
    },
    payrollHourSettings: {
      clockInTime: form.clockInTime === '' ? null : form.clockInTime,
      clockOutTime: form.clockOutTime === '' ? null : form.clockOutTime,
      shiftDuration: numberOrNull(form.shiftDuration),
      clockOutGraceMinutes: numberOrNull(form.clockOutGraceMinutes) ?? 0,
    },
    lastPayoutStartDate: form.lastPayoutStartDate === '' ? null : form.lastPayoutStartDate,
  };
  const parsed = payrollInfo.safeParse(candidate);
  if (parsed.success) return { ok: true, info: parsed.data };
  const problems: Partial<Record<keyof PayrollForm, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path.at(-1) ?? '') as keyof PayrollForm;
    // A number field holding text (or nothing where a number is needed): the schema says "expected number".
    problems[field] ??= NUMBER_FIELDS.has(field) && issue.code === 'invalid_type' ? 'Enter a number' : issue.message;
  }
  return { ok: false, problems };
}
