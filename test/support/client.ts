import http from 'node:http';
import { createTRPCClient, httpBatchLink, httpLink, TRPCClientError } from '@trpc/client';
import superjson from 'superjson';
import type { AppRouter } from '../../server/router';

/** A minimal cookie jar: enough for the session cookie of one origin. */
export class CookieJar {
  readonly cookies = new Map<string, string>();
  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=/i.test(a) && new Date(a.split('=')[1]).getTime() <= Date.now());
      if (value === '' || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export type TestClient = ReturnType<typeof createTestClient>;

const isConnectionReset = (error: unknown) =>
  error instanceof TypeError && (error.cause as NodeJS.ErrnoException | undefined)?.code === 'ECONNRESET';

/**
 * fetch over node:http with the Host header given: fetch itself always sends the URL's host, and
 * the admin host (admin.localhost) does not resolve outside the browser.
 */
export function fetchWithHost(host: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const url = new URL(request.url);
    const headers = { ...Object.fromEntries(request.headers), host };
    return new Promise<Response>((resolve, reject) => {
      const outgoing = http.request(
        { hostname: url.hostname, port: url.port, path: url.pathname + url.search, method: request.method, headers, agent: false },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => {
            const responseHeaders = new Headers();
            for (let i = 0; i < incoming.rawHeaders.length; i += 2)
              responseHeaders.append(incoming.rawHeaders[i], incoming.rawHeaders[i + 1]);
            const status = incoming.statusCode ?? 500;
            const noBody = status === 204 || status === 304;
            resolve(new Response(noBody ? null : Buffer.concat(chunks), { status, headers: responseHeaders }));
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
}

/**
 * A real tRPC client over HTTP, as a browser on the app's origin would call it (or, with `host`,
 * on that host: the admin console's client sends the admin host to the test server's address).
 */
export function createTestClient(baseUrl: string, options: { batch?: boolean; origin?: string; host?: string } = {}) {
  const transport = options.host ? fetchWithHost(options.host) : fetch;
  const jar = new CookieJar();
  const fetchWithCookies: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    const cookie = jar.header();
    if (cookie) headers.set('cookie', cookie);
    headers.set('origin', options.origin ?? baseUrl);
    const send = () => transport(input, { ...init, headers });
    const response = await send().catch((error: unknown) => {
      // A kept-alive connection the server closed while idle is reset when it is used again (the
      // server's and the client's idle timers run in this one process, and PGlite's synchronous
      // work delays both). The server never saw the request, so it is sent again on a new
      // connection, as browsers do; any other failure, or a second reset, is the test's to see.
      if (!isConnectionReset(error)) throw error;
      return send();
    });
    jar.store(response);
    return response;
  };
  const linkOptions = { url: `${baseUrl}/trpc`, transformer: superjson, fetch: fetchWithCookies };
  const trpc = createTRPCClient<AppRouter>({
    links: [options.batch ? httpBatchLink({ ...linkOptions, maxItems: 10 }) : httpLink(linkOptions)],
  });
  // The tRPC client is itself a proxy, so the extras are served by a wrapping proxy.
  const extras = { jar, fetch: fetchWithCookies };
  return new Proxy(trpc, {
    get: (target, prop) => (prop in extras ? extras[prop as keyof typeof extras] : Reflect.get(target, prop)),
  }) as typeof trpc & typeof extras;
}

/** The tRPC error of a failed call, for asserting code and message. */
export async function trpcError(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCClientError) {
      const upgrade = error.data?.upgrade as string | undefined;
      return {
        code: error.data?.code as string,
        message: error.message,
        httpStatus: error.data?.httpStatus as number,
        ...(upgrade && { upgrade }),
      };
    }
    throw error;
  }
  throw new Error('expected the call to fail, but it succeeded');
}
