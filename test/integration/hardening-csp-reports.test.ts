import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { CSP_REPORT_BODY_LIMIT, CSP_REPORT_PATH, createLogBudget, REPORTS_LOGGED_PER_MINUTE } from '../../server/http/csp-reports';
import { useTestServer } from '../support/server';

// Issue 18, item 7: the CSP names a report endpoint, which logs each violation at warn, within a
// per-minute budget, and answers anything else with a 4xx, never a 500.

const lines: Array<Record<string, unknown>> = [];
const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line)) });
const server = useTestServer({ overrides: { logger } });
const violationLines = () => lines.filter((line) => line.msg === 'Content-Security-Policy violation');

const send = (body: string, contentType: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${CSP_REPORT_PATH}`, { method: 'POST', headers: { 'content-type': contentType, ...headers }, body });

const legacyReport = (blocked: string) =>
  JSON.stringify({
    'csp-report': {
      'document-uri': 'http://localhost:3000/account',
      'violated-directive': 'script-src-elem',
      'effective-directive': 'script-src-elem',
      'blocked-uri': blocked,
      'source-file': 'http://localhost:3000/assets/index.js',
      'line-number': 12,
      disposition: 'enforce',
    },
  });

describe('the CSP report endpoint', () => {
  it('is named by the policy (report-uri and report-to) on every page', async () => {
    const response = await fetch(`${server.url}/healthz`);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain(`report-uri ${CSP_REPORT_PATH}`);
    expect(policy).toContain('report-to csp');
    expect(response.headers.get('reporting-endpoints')).toBe(`csp="${CSP_REPORT_PATH}"`);
    expect(policy).not.toContain('unsafe-eval');
  });

  it('logs a report-uri report (application/csp-report) at warn, from a browser on any page', async () => {
    lines.length = 0;
    const response = await send(legacyReport('inline'), 'application/csp-report', { origin: 'https://elsewhere.example' });
    expect(response.status).toBe(204);
    expect(violationLines()).toEqual([
      expect.objectContaining({
        level: 40,
        cspViolation: {
          document: 'http://localhost:3000/account',
          directive: 'script-src-elem',
          blocked: 'inline',
          source: 'http://localhost:3000/assets/index.js',
          line: '12',
          disposition: 'enforce',
        },
      }),
    ]);
  });

  it('logs each violation of a Reporting API body (application/reports+json) and ignores other report types', async () => {
    lines.length = 0;
    const body = JSON.stringify([
      { type: 'csp-violation', body: { documentURL: 'http://localhost:3000/', effectiveDirective: 'script-src', blockedURL: 'eval', sample: 'x'.repeat(1000) } },
      { type: 'deprecation', body: { id: 'x' } },
      { type: 'csp-violation', body: { documentURL: 'http://localhost:3000/studios', effectiveDirective: 'img-src', blockedURL: 'https://cdn.example/x.png' } },
    ]);
    expect((await send(body, 'application/reports+json')).status).toBe(204);
    const logged = violationLines().map((line) => line.cspViolation as Record<string, string>);
    expect(logged.map((v) => v.directive)).toEqual(['script-src', 'img-src']);
    // Fields are cut short: a report cannot write megabytes into the log.
    expect(logged[0].sample).toHaveLength(300);
  });

  it('refuses what is not a report, malformed or too large, with a 4xx and nothing logged', async () => {
    lines.length = 0;
    const cases: Array<[string, string, number]> = [
      ['{"hello":1}', 'application/csp-report', 400],
      ['{not json', 'application/csp-report', 400],
      ['[]', 'application/reports+json', 400],
      [legacyReport('x'.repeat(CSP_REPORT_BODY_LIMIT)), 'application/csp-report', 413],
      [legacyReport('inline'), 'text/html', 415],
    ];
    for (const [body, type, status] of cases) {
      const response = await send(body, type);
      expect({ type, status: response.status }).toEqual({ type, status });
    }
    expect(violationLines()).toEqual([]);
  });

  it(`logs at most ${REPORTS_LOGGED_PER_MINUTE} violations a minute, however many are sent`, async () => {
    lines.length = 0;
    const statuses = await Promise.all(Array.from({ length: 100 }, (_, i) => send(legacyReport(`https://flood.example/${i}`), 'application/csp-report').then((r) => r.status)));
    expect(new Set(statuses)).toEqual(new Set([204]));
    expect(violationLines().length).toBeLessThanOrEqual(REPORTS_LOGGED_PER_MINUTE);
  });
});

describe('the log budget', () => {
  it('counts what it drops and logs the count once the minute is over', () => {
    const written: Array<Record<string, unknown>> = [];
    const budgetLogger = pino({ level: 'warn' }, { write: (line: string) => written.push(JSON.parse(line)) });
    let now = 0;
    const withinBudget = createLogBudget(budgetLogger, 3, () => now);
    let logged = 0;
    for (let i = 0; i < 10; i++) withinBudget(() => logged++);
    expect(logged).toBe(3);
    now = 60_000;
    withinBudget(() => logged++);
    expect(logged).toBe(4);
    expect(written).toEqual([expect.objectContaining({ dropped: 7 })]);
  });
});
