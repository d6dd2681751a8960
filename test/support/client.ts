import { createTRPCClient, httpBatchLink, httpLink, TRPCClientError } from '@trpc/client';
import superjson from 'superjson';
import type { AppRouter } from '../../server/trpc/router';

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

const isConnectionReset = (error: unknown) => error instanceof TypeError && (error.cause as NodeJS.ErrnoException | undefined)?.code === 'ECONNRESET';

/** A real tRPC client over HTTP, as a browser on the app's origin would call it. */
export function createTestClient(baseUrl: string, options: { batch?: boolean; origin?: string } = {}) {
  const jar = new CookieJar();
  const fetchWithCookies: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    const cookie = jar.header();
    if (cookie) headers.set('cookie', cookie);
    headers.set('origin', options.origin ?? baseUrl);
    const send = () => fetch(input, { ...init, headers });
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
      return { code: error.data?.code as string, message: error.message, httpStatus: error.data?.httpStatus as number };
    }
    throw error;
  }
  throw new Error('expected the call to fail, but it succeeded');
}
