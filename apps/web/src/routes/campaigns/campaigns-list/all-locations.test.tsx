import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessDetail, ok, unrestrictedOwnerSession as session } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';

const figures = { recipients: 0, handed: 0, delivered: 0, failed: 0, skippedUnsubscribed: 0, skippedCap: 0, skippedNoAddress: 0, unsubscribed: 0, surveyAnswers: 0 };
const campaign = (id: number, businessId: number, businessName: string, name: string) => ({
  id, businessId, businessName, name, channel: 'email', subject: 'Hello', body: 'Hi {first_name}', segmentId: null, segmentName: null, surveyId: null, surveyName: null,
  frequencyCap: null, status: 'draft', sendDay: null, sendTime: null, sendAt: null, sentAt: null, rounds: 0, duplicatedFromId: null,
  createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z', figures,
});

// Bounds for a busy machine (the first render loads the dashboard's modules), not timings.
describe('campaigns of all the user’s locations', { timeout: 20_000 }, () => {
  it('are asked for only when opened (user-level campaign/all), each naming its location', async () => {
    const app = renderApp('/12/campaigns', {
      storedSession: session,
      storedBusiness: 12,
      api: {
        'GET /protected/user/7/checkstatus': ok(session),
        'GET /protected/user/7/business/12/detail': ok(businessDetail),
        'GET /protected/business/12/getCampaigns': ok([]),
        'GET /protected/user/7/campaign/all': ok([campaign(4, 13, 'Luxe Denver', 'Spring in Denver'), campaign(3, 12, 'Luxe Los Angeles', 'Spring in LA')]),
      },
    });
    const open = await app.screen.findByRole('button', { name: 'Show campaigns of all your locations' }, { timeout: 10_000 });
    expect(app.api.calls).not.toContain('GET /protected/user/7/campaign/all');
    await app.user.click(open);
    const list = within(await app.screen.findByRole('list', { name: 'Campaigns of all your locations' }));
    expect(list.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Spring in DenverEmail · Draft · Luxe Denver', 'Spring in LAEmail · Draft · Luxe Los Angeles']);
    expect(list.getByRole('link', { name: 'Luxe Denver' }).getAttribute('href')).toBe('/13/campaigns');
  });
});
