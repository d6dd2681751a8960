import http from 'node:http';
import type { AddressInfo } from 'node:net';

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
export const searchResult = (path: string, data: unknown[]) => ({ object: 'search_result', url: path, has_more: false, next_page: null, data });
