import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { TestServer } from './server';

export type RecordedStripeRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The form-encoded body decoded into its bracketed keys, e.g. { 'transfer_data[destination]': 'acct_1' }. */
  form: Record<string, string>;
};

type Responder = (request: RecordedStripeRequest) => { status?: number; body: unknown };

/**
 * A loopback HTTP server standing in for api.stripe.com: it records every request the SDK sends
 * (STRIPE_API_URL points the SDK here) and answers with what the test's responder returns.
 */
export async function startStripeApi(responder: Responder) {
  const requests: RecordedStripeRequest[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const form = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : raw));
      const recorded = { method: req.method ?? '', path: url.pathname, headers: req.headers, form };
      requests.push(recorded);
      const answer = responder(recorded);
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', 'request-id': `req_${requests.length}` });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Stripe's answer to a search (GET /v1/<objects>/search): one page of the objects found. */
export const searchResult = (path: string, data: unknown[]) => ({
  object: 'search_result',
  url: path,
  has_more: false,
  next_page: null,
  data,
});

/**
 * Stripe's PaymentIntents as a small stateful stand-in: `create` records each intent with its
 * metadata (a declining test card gives a 402 card error and an intent left requires_payment_method,
 * as Stripe does), and `search` answers a `metadata['key']:'value'` query over them.
 */
export function paymentIntentsBook() {
  const intents: Array<{
    id: string;
    object: 'payment_intent';
    status: string;
    metadata: Record<string, string>;
    latest_charge: string | null;
    last_payment_error: { message: string } | null;
  }> = [];
  const metadataOf = (form: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(form)
        .filter(([key]) => key.startsWith('metadata['))
        .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
    );
  return {
    intents,
    create(form: Record<string, string>) {
      const declined = form.payment_method === 'pm_card_chargeDeclined';
      const id = `pi_fake_${intents.length + 1}`;
      const intent = {
        id,
        object: 'payment_intent' as const,
        status: declined ? 'requires_payment_method' : 'succeeded',
        metadata: metadataOf(form),
        latest_charge: declined ? null : `ch_fake_${intents.length + 1}`,
        last_payment_error: declined ? { message: 'Your card was declined.' } : null,
      };
      intents.push(intent);
      if (declined)
        return {
          status: 402,
          body: {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'generic_decline',
              message: 'Your card was declined.',
              payment_intent: intent,
            },
          },
        };
      return { body: intent };
    },
    search(path: string, query: string) {
      const match = query.match(/^metadata\['([^']+)'\]:'((?:[^'\\]|\\.)*)'$/);
      const found = match ? intents.filter((intent) => intent.metadata[match[1]] === match[2].replace(/\\(.)/g, '$1')) : [];
      return { body: searchResult(path, found) };
    },
  };
}

/** Delivers an event to the app's Stripe webhook, signed as Stripe signs it, at the server's business time. */
export function deliverStripeWebhook(server: TestServer, secret: string, payload: string) {
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: Math.floor(server.clock.now().getTime() / 1000),
  });
  return fetch(`${server.url}/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
}
