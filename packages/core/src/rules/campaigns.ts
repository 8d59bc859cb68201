import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import type { CampaignChannel, FrequencyCap } from '../models/campaigns';
import { parseTime } from './scheduleTime';

/**
 * Campaign rules (issue 18): when a campaign written for a day and time in the business's time
 * zone goes out, whether the frequency cap lets one more message reach a client, and the text
 * each recipient gets (placeholders filled, the unsubscribe link always there). Pure: "now" is an
 * argument.
 */

/** The placeholders a campaign's message may use. */
export const CAMPAIGN_PLACEHOLDERS = { firstName: '{first_name}', surveyLink: '{survey_link}' } as const;

/**
 * The instant of `day` at `time` (`HH:mm`) in `timeZone`, any hour of the day. A wall-clock time
 * that does not exist (skipped by a daylight-saving change) is taken as the same time an hour
 * later, as clocks read it that day.
 */
export function campaignSendInstant(day: string, time: string, timeZone: string): Date {
  if (parseTime(time) === null) throw new Error(`Not a time: ${time}`);
  return fromZonedTime(`${day}T${time}:00`, timeZone);
}

/** The day and `HH:mm` of an instant in `timeZone`. */
export const campaignWallClock = (at: Date, timeZone: string): { day: string; time: string } => ({
  day: formatInTimeZone(at, timeZone, 'yyyy-MM-dd'),
  time: formatInTimeZone(at, timeZone, 'HH:mm'),
});

/**
 * Whether one more campaign message may reach a client who was handed messages at `handedAt`:
 * fewer than `cap.messages` of them within the `cap.days` days before `now`. No cap: always.
 */
export function frequencyCapAllows(handedAt: readonly Date[], now: Date, cap: FrequencyCap | null): boolean {
  if (!cap) return true;
  const since = now.getTime() - cap.days * 86_400_000;
  const recent = handedAt.filter((at) => at.getTime() > since && at.getTime() <= now.getTime()).length;
  return recent < cap.messages;
}

export interface CampaignRecipientContext {
  firstName: string | null;
  businessName: string;
  unsubscribeUrl: string;
  /** The survey page of this recipient's invitation, when the campaign carries a survey. */
  surveyUrl: string | null;
}

/**
 * The message one recipient gets. `{first_name}` becomes the client's first name (or "there"),
 * `{survey_link}` the survey page's address; an email ends with a line saying how to unsubscribe,
 * a text message with "Stop:" and the link. The link is always there, written once.
 */
export function renderCampaignMessage(
  campaign: { channel: CampaignChannel; subject: string | null; body: string },
  to: CampaignRecipientContext,
): { subject: string | null; text: string } {
  const fill = (value: string) =>
    value
      .split(CAMPAIGN_PLACEHOLDERS.firstName)
      .join(to.firstName?.trim() || 'there')
      .split(CAMPAIGN_PLACEHOLDERS.surveyLink)
      .join(to.surveyUrl ?? '');
  const body = fill(campaign.body).trim();
  if (campaign.channel === 'sms') return { subject: null, text: `${to.businessName}: ${body}\nStop: ${to.unsubscribeUrl}` };
  return {
    subject: campaign.subject === null ? null : fill(campaign.subject).replace(/\s+/g, ' ').trim(),
    text: `${body}\n\n--\nYou receive this because you are a client of ${to.businessName}. To stop receiving these emails: ${to.unsubscribeUrl}`,
  };
}

/** Whether a message carries the survey link a survey campaign needs. */
export const hasSurveyLink = (body: string): boolean => body.includes(CAMPAIGN_PLACEHOLDERS.surveyLink);
