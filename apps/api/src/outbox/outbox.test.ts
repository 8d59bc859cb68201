import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CSRF_HEADER, CSRF_HEADER_VALUE, MESSAGES } from '@salondesk/core';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, rawRequest, startTestServer, type TestServer } from '../test/harness';
import type { EmailMessage, Mailer } from './mailer';
import { maskSecrets } from './outbox';
import { outbox } from './schema';
import { createWebhookSmsSender } from './sms';

const askForCode = (server: TestServer, phone = '310 555 0101') =>
  rawRequest(server, '/login/account/otp/request', {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
    body: JSON.stringify({ cc: '+1', phone }),
  });

describe('developer outbox', () => {
  let demo: TestServer;
  let production: TestServer;
  beforeAll(async () => {
    [demo, production] = await Promise.all([startTestServer({ demo: true }), startTestServer({ demo: false })]);
  });
  afterAll(() => Promise.all([demo.close(), production.close()]));

  it('in demo mode, lists the newest messages with their full text', async () => {
    await askForCode(demo);
    const { client } = clientFor(demo);
    expect(await client.outbox.available()).toBe(true);
    const [latest] = await client.outbox.list({ to: '+13105550101', limit: 1 });
    expect(latest).toMatchObject({ channel: 'sms', to: '+13105550101', status: 'recorded' });
    expect(latest?.body).toMatch(/Your Salondesk sign-in code is \d{6}\./);
  });

  it('does not exist outside demo mode, though messages are still recorded', async () => {
    await askForCode(production);
    const response = await rawRequest(production, '/dev/outbox/messages');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ status: false, message: MESSAGES.notFound, code: 'NOT_FOUND' });
    expect(await clientFor(production).client.outbox.available()).toBe(false);
    const rows = await production.database.db.select().from(outbox).where(eq(outbox.recipient, '+13105550101'));
    expect(rows).toHaveLength(1);
  });
});

describe('transports', () => {
  it('hands emails to the mailer after recording them, and records a refusal', async () => {
    const sent: EmailMessage[] = [];
    let refuse = false;
    const mailer: Mailer = {
      async send(message) {
        if (refuse) throw new Error('550 mailbox unavailable');
        sent.push(message);
      },
    };
    const server = await startTestServer({ mailer, publicUrl: 'https://desk.example.test' });
    try {
      const { client } = clientFor(server);
      await client.auth.forgotPassword({ email: 'owner@salondesk.demo' });
      await server.app.outbox.settled();
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ to: 'owner@salondesk.demo', subject: 'Reset your Salondesk password' });
      expect(sent[0]?.text).toMatch(/https:\/\/desk\.example\.test\/login\/reset\/[A-Za-z0-9_-]{43}/);
      refuse = true;
      await client.auth.forgotPassword({ email: 'lotus@salondesk.demo' });
      await server.app.outbox.settled();
      // The demo's campaign messages are in the outbox too: only this test's two.
      const rows = await server.database.db.select().from(outbox).where(inArray(outbox.recipient, ['owner@salondesk.demo', 'lotus@salondesk.demo'])).orderBy(outbox.id);
      expect(rows.map((r) => [r.recipient, r.status, r.error])).toEqual([
        ['owner@salondesk.demo', 'sent', null],
        ['lotus@salondesk.demo', 'failed', '550 mailbox unavailable'],
      ]);
    } finally {
      await server.close();
    }
  });

  it('posts text messages to the SMS webhook', async () => {
    const received: unknown[] = [];
    let status = 202;
    const gateway = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received.push({ method: request.method, type: request.headers['content-type'], body: JSON.parse(body) });
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`;
    try {
      const sms = createWebhookSmsSender(url);
      await sms.send({ to: '+13105550101', text: 'hello' });
      expect(received).toEqual([{ method: 'POST', type: 'application/json', body: { to: '+13105550101', text: 'hello' } }]);
      status = 500;
      await expect(sms.send({ to: '+13105550101', text: 'again' })).rejects.toThrow(/500/);
    } finally {
      gateway.close();
    }
  });

  it('masks codes and reset tokens in the log', () => {
    expect(maskSecrets('Your code is 042917. Open https://x.test/login/reset/AbC_d-9 now')).toBe(
      'Your code is ••••••. Open https://x.test/login/reset/•••• now',
    );
    // An invitation link's token, even one holding six digits in a row, is masked whole.
    expect(maskSecrets('Open https://x.test/register-user/12/Ab-123456-Zz_9 within 7 days')).toBe('Open https://x.test/register-user/12/•••• within 7 days');
  });
});
