import http from 'node:http';
import type { LoadRequest } from './lib';

/** Sends one request on a keep-alive agent; resolves with its status once the whole answer has arrived. */
export function sendRequest(agent: http.Agent, url: URL, request: LoadRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { agent, host: url.hostname, port: url.port, method: request.method ?? 'GET', path: request.path ?? '/', headers: request.headers },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(request.body);
  });
}
