/** What the server texts: sign-in codes. `to` is a normalized number (`+` and digits). */
export interface SmsMessage {
  to: string;
  text: string;
}

/** Hands a text message to an SMS gateway; rejects when the gateway refuses it. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/**
 * An SMS gateway reached by an HTTP webhook (`SMS_WEBHOOK_URL`): `POST {to, text}` as JSON, any
 * 2xx is taken as accepted. Most SMS providers (or a small relay in front of one) accept this.
 */
export function createWebhookSmsSender(url: string, fetchImpl: typeof fetch = fetch): SmsSender {
  return {
    async send(message) {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: message.to, text: message.text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}
