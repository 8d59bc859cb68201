import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { campaignSendInstant, campaignWallClock, frequencyCapAllows, renderCampaignMessage } from './campaigns';
import { netPromoterScore, npsSummaryOf } from './figures';

describe('campaignSendInstant', () => {
  it('reads the time in the business’s zone, at any hour, right on daylight-saving days', () => {
    expect(campaignSendInstant('2026-06-01', '19:30', 'America/Los_Angeles').toISOString()).toBe('2026-06-02T02:30:00.000Z');
    expect(campaignSendInstant('2026-01-15', '03:05', 'Europe/Paris').toISOString()).toBe('2026-01-15T02:05:00.000Z');
    // The spring-forward day in Los Angeles: 01:30 is still PST, 03:30 is PDT.
    expect(campaignSendInstant('2026-03-08', '01:30', 'America/Los_Angeles').toISOString()).toBe('2026-03-08T09:30:00.000Z');
    expect(campaignSendInstant('2026-03-08', '03:30', 'America/Los_Angeles').toISOString()).toBe('2026-03-08T10:30:00.000Z');
  });
  it('refuses what is not a time', () => {
    expect(() => campaignSendInstant('2026-06-01', '24:00', 'UTC')).toThrow();
  });
  const zones = fc.constantFrom('America/Los_Angeles', 'America/New_York', 'Europe/London', 'Asia/Kolkata', 'Australia/Sydney', 'UTC');
  const days = fc.integer({ min: 0, max: 3650 }).map((n) => new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
  test.prop([days, fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), zones])('reads back as the day and time written (except hours skipped by DST)', (day, h, m, zone) => {
    const time = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
    const at = campaignSendInstant(day, time, zone);
    const back = campaignWallClock(at, zone);
    const skipped = back.time !== time;
    if (!skipped) expect(back).toEqual({ day, time });
    else expect(Math.abs(at.getTime() - campaignSendInstant(day, back.time, zone).getTime())).toBeLessThanOrEqual(3_600_000);
  });
});

describe('frequencyCapAllows', () => {
  const now = new Date('2026-06-10T12:00:00Z');
  it('counts only the messages within the period', () => {
    const cap = { messages: 2, days: 7 };
    expect(frequencyCapAllows([], now, cap)).toBe(true);
    expect(frequencyCapAllows([new Date('2026-06-09T00:00:00Z')], now, cap)).toBe(true);
    expect(frequencyCapAllows([new Date('2026-06-09T00:00:00Z'), new Date('2026-06-05T00:00:00Z')], now, cap)).toBe(false);
    expect(frequencyCapAllows([new Date('2026-06-09T00:00:00Z'), new Date('2026-06-01T00:00:00Z')], now, cap)).toBe(true);
    expect(frequencyCapAllows([new Date(), new Date(), new Date()], now, null)).toBe(true);
  });
  test.prop([fc.array(fc.integer({ min: 0, max: 60 * 86_400_000 }), { maxLength: 30 }), fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 60 })])(
    'sending while allowed never puts more than `messages` in any period ending now',
    (agesMs, messages, days) => {
      const handed = agesMs.map((age) => new Date(now.getTime() - age));
      const cap = { messages, days };
      const recent = handed.filter((at) => at.getTime() > now.getTime() - days * 86_400_000).length;
      expect(frequencyCapAllows(handed, now, cap)).toBe(recent < messages);
      if (frequencyCapAllows(handed, now, cap)) expect(recent + 1).toBeLessThanOrEqual(messages);
    },
  );
});

describe('renderCampaignMessage', () => {
  const to = { firstName: 'Ana', businessName: 'Downtown Salon', unsubscribeUrl: 'https://x.test/public/share/unsubscribe/T', surveyUrl: 'https://x.test/public/share/survey/S' };
  it('fills the placeholders and ends an email with the unsubscribe link', () => {
    const m = renderCampaignMessage({ channel: 'email', subject: 'Hi {first_name}', body: 'Hello {first_name}, rate us: {survey_link}' }, to);
    expect(m.subject).toBe('Hi Ana');
    expect(m.text).toContain('Hello Ana, rate us: https://x.test/public/share/survey/S');
    expect(m.text).toContain('To stop receiving these emails: https://x.test/public/share/unsubscribe/T');
  });
  it('gives a text message the business’s name and a Stop link', () => {
    const m = renderCampaignMessage({ channel: 'sms', subject: null, body: 'Hi {first_name}!' }, { ...to, firstName: null });
    expect(m).toEqual({ subject: null, text: 'Downtown Salon: Hi there!\nStop: https://x.test/public/share/unsubscribe/T' });
  });
  test.prop([fc.string({ maxLength: 200 }), fc.constantFrom('email' as const, 'sms' as const), fc.option(fc.string({ maxLength: 20 }))])(
    'the unsubscribe link is always there and no placeholder is left',
    (body, channel, firstName) => {
      const m = renderCampaignMessage({ channel, subject: channel === 'email' ? 'S' : null, body: `${body}{first_name}{survey_link}` }, { ...to, firstName });
      expect(m.text).toContain(to.unsubscribeUrl);
      if (!body.includes('{') && !(firstName ?? '').includes('{')) {
        expect(m.text).not.toContain('{first_name}');
        expect(m.text).not.toContain('{survey_link}');
      }
    },
  );
});

describe('NPS', () => {
  it('is promoters less detractors, in percent', () => {
    expect(npsSummaryOf([10, 9, 8, 7, 6, 0])).toEqual({ answers: 6, promoters: 2, passives: 2, detractors: 2, nps: 0 });
    expect(npsSummaryOf([10, 10, 3])).toMatchObject({ nps: 33 });
    expect(npsSummaryOf([])).toMatchObject({ nps: null });
  });
  test.prop([fc.array(fc.integer({ min: 0, max: 10 }), { minLength: 1, maxLength: 200 })])('stays within −100..100 and counts every answer once', (scores) => {
    const s = npsSummaryOf(scores);
    expect(s.promoters + s.passives + s.detractors).toBe(scores.length);
    expect(s.nps).not.toBeNull();
    expect(s.nps!).toBeGreaterThanOrEqual(-100);
    expect(s.nps!).toBeLessThanOrEqual(100);
    expect(netPromoterScore(s)).toBe(s.nps);
  });
});
