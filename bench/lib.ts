import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { appRouter } from '../server/router';

// Shared by every bench group: the result row, pinned child processes, the load generator (a
// separate process on its own core), and what exists in this checkout.

export type Row = { name: string; value: number | null; unit: string; target: string; pass: boolean | null; note?: string };

export const ROOT = path.resolve(import.meta.dirname, '..');
export const NOT_AVAILABLE = 'not available (procedure missing)';

/** Core layout on this machine: the server on one core, the load generator (and the browser) on the other. */
const CORES = os.availableParallelism();
export const SERVER_CORE = 0;
export const LOAD_CORE = CORES > 1 ? 1 : 0;
export const hasTaskset = fs.existsSync('/usr/bin/taskset');

/** A row that could not be measured because what it measures does not exist yet. Never a number. */
export function unavailable(name: string, unit: string, target: string, note = NOT_AVAILABLE): Row {
  return { name, value: null, unit, target, pass: null, note };
}

export const hasProcedure = (path: string) => path in (appRouter._def.procedures as Record<string, unknown>);
export const missingProcedures = (paths: string[]) => paths.filter((p) => !hasProcedure(p));

/**
 * Spawns `node [nodeFlags] --import tsx <script> …args` pinned to `core` (taskset execs node, so the
 * pid is node's); a built JavaScript module (.mjs) runs with plain Node, as `npm start` runs the server.
 */
export function spawnPinned(
  script: string,
  args: string[],
  env: Record<string, string | undefined>,
  core: number,
  stdio: 'inherit' | 'pipe' = 'inherit',
  nodeFlags: string[] = [],
): ChildProcess {
  const node = [process.execPath, ...nodeFlags, ...(script.endsWith('.mjs') ? [] : ['--import', 'tsx']), script, ...args];
  const [command, ...rest] = hasTaskset ? ['taskset', '-c', String(core), ...node] : node;
  return spawn(command, rest, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', stdio === 'pipe' ? 'pipe' : 'ignore', 'inherit'] });
}

/**
 * The Node flags `npm start` gives the server (package.json's start script, e.g. its V8 heap
 * sizing), so that the bench runs servers as production does and never with flags of its own.
 */
export function startScriptNodeFlags(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  return pkg.scripts.start.split(/\s+/).filter((word) => word.startsWith('--') && word !== '--import');
}

/** Starts a server script pinned to the server core, with `npm start`'s Node flags, and waits until `readyUrl` answers. */
export async function startServer(script: string, env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  const child = spawnPinned(script, [], env, SERVER_CORE, 'inherit', startScriptNodeFlags());
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  for (let i = 0; i < 600 && !exited; i++) {
    try {
      const response = await fetch(readyUrl);
      if (response.status < 500) return child;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`${script} did not start`);
}

export async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(12_000).then(() => child.kill('SIGKILL'))]);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident memory of a process, in MB (`VmHWM`: the peak so far). */
export function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);
  return Math.round(kb / 1024);
}

export type LoadRequest = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
export type LoadSpec = {
  url: string;
  connections: number;
  /** Seconds of measured load (after a warm-up of `warmup` seconds, not counted). */
  duration: number;
  warmup?: number;
  /** Requests are taken round-robin from this list (each may set method, path, headers, body). */
  requests: LoadRequest[];
  /**
   * Paced instead of as fast as answers come: the connections send this many requests a second
   * between them (bench/paced-load.ts); latencies count from each request's due time.
   */
  ratePerSecond?: number;
  /** Answers with this status are expected (a declined card's 412), counted in `refused`, not as failures. */
  refusedStatus?: number;
};
/**
 * Each request of `requests` sent exactly once over `connections` connections (bench/once-load.ts),
 * after the `warmup` requests (also each once, not counted): for loads that must not repeat a request.
 */
export type EachOnceSpec = { url: string; connections: number; requests: LoadRequest[]; warmup: LoadRequest[] };
/** A request of a measured load and its latency. */
export type SlowRequest = { path: string; ms: number };
export type LoadResult = {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  non2xx: number;
  refused: number;
  errors: number;
  /** The slowest requests with their paths (each-once loads only). */
  slowest?: SlowRequest[];
};

/**
 * Runs autocannon in its own process on the load core and returns exact latency percentiles
 * (from every response time, not autocannon's coarse buckets). Throws when any request failed.
 */
export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  return runLoadProcess(spec);
}

/** Like runLoad, each request sent exactly once (the answer cache cannot serve a repeat). */
export async function runEachOnce(spec: EachOnceSpec): Promise<LoadResult> {
  const result = await runLoadProcess(spec);
  if (result.requests !== spec.requests.length) throw new Error(`${spec.url}: ${result.requests} of ${spec.requests.length} requests answered`);
  return result;
}

async function runLoadProcess(spec: LoadSpec | EachOnceSpec): Promise<LoadResult> {
  const file = path.join(os.tmpdir(), `inklink-load-${process.pid}-${Date.now()}.json`);
  fs.writeFileSync(file, JSON.stringify(spec));
  try {
    const child = spawnPinned('bench/load.ts', [file], {}, LOAD_CORE, 'pipe');
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`load generator exited with ${code}`);
    const result = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as LoadResult;
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${spec.url}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
    return result;
  } finally {
    fs.rmSync(file, { force: true });
  }
}

export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const round1 = (n: number) => Math.round(n * 10) / 10;

/** tRPC over plain fetch, as the bench's own client (superjson envelope, same-origin header). */
export async function trpc<T>(appUrl: string, pathName: string, input: unknown, options: { cookie?: string; method?: 'GET' | 'POST' } = {}): Promise<T> {
  const method = options.method ?? 'POST';
  const url = method === 'GET' ? `${appUrl}/trpc/${pathName}?input=${encodeURIComponent(JSON.stringify({ json: input }))}` : `${appUrl}/trpc/${pathName}`;
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', origin: appUrl, ...(options.cookie ? { cookie: options.cookie } : {}) },
    body: method === 'POST' ? JSON.stringify({ json: input }) : undefined,
  });
  const body = (await response.json()) as { result?: { data: { json: T } }; error?: { json: { message: string } } };
  if (!response.ok || !body.result) throw new Error(`${pathName}: ${response.status} ${body.error?.json.message ?? ''}`);
  return body.result.data.json;
}

/** Signs in over HTTP and returns the Cookie header for later requests. */
export async function signIn(appUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${appUrl}/trpc/auth.login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: appUrl },
    body: JSON.stringify({ json: { email, password } }),
  });
  if (!response.ok) throw new Error(`bench sign-in as ${email} failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Rows of a raw query (the bench runs on PostgreSQL, whose driver returns an array). */
export async function query<T>(db: Db, statement: SQL): Promise<T[]> {
  return (await db.execute(statement)) as unknown as T[];
}
