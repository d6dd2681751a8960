import type { FastifyInstance } from 'fastify';
import type pino from 'pino';

// Where browsers send Content-Security-Policy violations (the CSP's report-uri and report-to,
// server/http/security.ts). Each one is logged at warn, so a real violation (an injected script,
// a missing source) shows up in the logs; the app itself causes none (test/e2e/csp.test.ts). The
// endpoint takes anything from anyone, so what it logs is bounded: small bodies, a few fields cut
// short, and at most REPORTS_LOGGED_PER_MINUTE lines a minute; the rest are counted and the count
// is logged when the minute ends.

export const CSP_REPORT_PATH = '/csp-reports';
export const CSP_REPORT_BODY_LIMIT = 16 * 1024;
export const REPORTS_LOGGED_PER_MINUTE = 30;
const MINUTE_MS = 60_000;
const FIELD_LENGTH = 300;
const REPORTS_PER_BODY = 20;

/** The fields worth logging, in either format (report-uri's kebab-case, report-to's camelCase). */
const FIELDS = {
  document: ['document-uri', 'documentURL'],
  directive: ['effective-directive', 'effectiveDirective', 'violated-directive'],
  blocked: ['blocked-uri', 'blockedURL'],
  source: ['source-file', 'sourceFile'],
  line: ['line-number', 'lineNumber'],
  column: ['column-number', 'columnNumber'],
  sample: ['script-sample', 'sample'],
  disposition: ['disposition'],
} as const;

export type CspViolation = Partial<Record<keyof typeof FIELDS, string>>;

const cut = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, FIELD_LENGTH) : undefined);

function violationOf(body: Record<string, unknown>): CspViolation {
  const violation: CspViolation = {};
  for (const [name, keys] of Object.entries(FIELDS) as [keyof typeof FIELDS, readonly string[]][]) {
    const value = keys.map((key) => cut(body[key])).find((v) => v !== undefined);
    if (value !== undefined) violation[name] = value;
  }
  return violation;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The violations in a report body: `{"csp-report": {...}}` (application/csp-report) or an array of
 * Reporting API reports `[{type: "csp-violation", body: {...}}]` (application/reports+json).
 */
export function violationsIn(parsed: unknown): CspViolation[] {
  if (isRecord(parsed) && isRecord(parsed['csp-report'])) return [violationOf(parsed['csp-report'])];
  if (!Array.isArray(parsed)) return [];
  return parsed
    .slice(0, REPORTS_PER_BODY)
    .filter((report): report is { type: string; body: Record<string, unknown> } => isRecord(report) && report.type === 'csp-violation' && isRecord(report.body))
    .map((report) => violationOf(report.body));
}

/** At most `perMinute` calls of `log` a minute; what is dropped is counted and reported once the minute is over. */
export function createLogBudget(logger: pino.Logger, perMinute: number, now: () => number = Date.now) {
  let windowStart = now();
  let logged = 0;
  let dropped = 0;
  return (log: () => void) => {
    const time = now();
    if (time - windowStart >= MINUTE_MS) {
      if (dropped > 0) logger.warn({ dropped }, 'CSP violation reports not logged (over the per-minute limit)');
      windowStart = time;
      logged = 0;
      dropped = 0;
    }
    if (logged >= perMinute) {
      dropped++;
      return;
    }
    logged++;
    log();
  };
}

export async function registerCspReports(app: FastifyInstance, logger: pino.Logger) {
  const withinBudget = createLogBudget(logger, REPORTS_LOGGED_PER_MINUTE);
  await app.register(async (scope) => {
    const parseJson = (_req: unknown, body: string, done: (error: Error | null, value?: unknown) => void) => {
      try {
        done(null, JSON.parse(body));
      } catch {
        done(null, undefined);
      }
    };
    for (const type of ['application/csp-report', 'application/reports+json', 'application/json']) {
      scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: CSP_REPORT_BODY_LIMIT }, parseJson);
    }
    scope.post(CSP_REPORT_PATH, { bodyLimit: CSP_REPORT_BODY_LIMIT }, async (req, reply) => {
      const violations = violationsIn(req.body);
      if (violations.length === 0) return reply.code(400).send({ error: 'Not a CSP violation report' });
      for (const violation of violations) withinBudget(() => logger.warn({ cspViolation: violation, userAgent: cut(req.headers['user-agent']) }, 'Content-Security-Policy violation'));
      return reply.code(204).send();
    });
  });
}
