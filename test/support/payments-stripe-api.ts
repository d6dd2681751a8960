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

/** Stripe's error answers, as the SDK reads them. */
export const stripeError = (
  status: number,
  error: { type: string; code: string; message: string; decline_code?: string; [key: string]: unknown },
) => ({
  status,
  body: { error },
});
export const unknownRequest = (method: string, path: string) =>
  stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `Unrecognized request URL (${method} ${path})` });

/** The test card that asks for 3-D Secure (Stripe's id). */
export const THREE_D_SECURE_CARD = 'pm_card_threeDSecure2Required';

type FakeIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  latest_charge: string | null;
  last_payment_error: { message: string } | null;
  next_action: { type: 'use_stripe_sdk' } | null;
  cancellation_reason: string | null;
};

/**
 * Stripe's PaymentIntents as a small stateful stand-in: `create` records each intent with its
 * metadata (a declining test card gives a 402 card error and an intent left requires_payment_method,
 * as Stripe does; the 3-D Secure card leaves it requires_action with its client secret), `search`
 * answers a `metadata['key']:'value'` query over them, `retrieve` reads one (its charge expanded
 * when asked), `cancel` ends one waiting for the payer, and `approve` is the payer passing the
 * challenge. `approvesBeforeCancel` holds intents whose payer approves just before the cancel
 * arrives, which Stripe then refuses.
 */
export function paymentIntentsBook() {
  const intents: FakeIntent[] = [];
  const approvesBeforeCancel = new Set<string>();
  const metadataOf = (form: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(form)
        .filter(([key]) => key.startsWith('metadata['))
        .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
    );
  const find = (id: string) => intents.find((intent) => intent.id === id);
  const approve = (intent: FakeIntent) => {
    intent.status = 'succeeded';
    intent.next_action = null;
    intent.latest_charge = `ch_fake_${intent.id.slice('pi_fake_'.length)}`;
  };
  const missing = (id: string) =>
    stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${id}'` });
  return {
    intents,
    approvesBeforeCancel,
    approve(id: string) {
      const intent = find(id);
      if (intent) approve(intent);
    },
    create(form: Record<string, string>) {
      const declined = form.payment_method === 'pm_card_chargeDeclined';
      const challenged = form.payment_method === THREE_D_SECURE_CARD;
      const id = `pi_fake_${intents.length + 1}`;
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.amount),
        status: declined ? 'requires_payment_method' : challenged ? 'requires_action' : 'succeeded',
        client_secret: `${id}_secret_fake`,
        metadata: metadataOf(form),
        latest_charge: declined || challenged ? null : `ch_fake_${intents.length + 1}`,
        last_payment_error: declined ? { message: 'Your card was declined.' } : null,
        next_action: challenged ? { type: 'use_stripe_sdk' } : null,
        cancellation_reason: null,
      };
      intents.push(intent);
      if (declined)
        return stripeError(402, {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
          payment_intent: intent,
        });
      return { body: intent };
    },
    search(path: string, query: string) {
      const match = query.match(/^metadata\['([^']+)'\]:'((?:[^'\\]|\\.)*)'$/);
      const found = match ? intents.filter((intent) => intent.metadata[match[1]] === match[2].replace(/\\(.)/g, '$1')) : [];
      return { body: searchResult(path, found) };
    },
    retrieve(id: string, form: Record<string, string>) {
      const intent = find(id);
      if (!intent) return missing(id);
      const expanded = form['expand[0]'] === 'latest_charge' && intent.latest_charge;
      return {
        body: expanded
          ? {
              ...intent,
              latest_charge: {
                id: intent.latest_charge,
                object: 'charge',
                receipt_url: `https://pay.stripe.com/receipts/${intent.latest_charge}`,
              },
            }
          : intent,
      };
    },
    cancel(id: string, form: Record<string, string>) {
      const intent = find(id);
      if (!intent) return missing(id);
      if (approvesBeforeCancel.has(id)) approve(intent);
      if (intent.status !== 'requires_action')
        return stripeError(400, {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
        });
      intent.status = 'canceled';
      intent.next_action = null;
      intent.cancellation_reason = form.cancellation_reason ?? null;
      return { body: intent };
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
