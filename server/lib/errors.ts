// Services throw AppError and never import tRPC; server/trpc/errors.ts maps the codes once.

export const APP_ERROR_CODES = [
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PRECONDITION_FAILED',
  'LIMIT_EXCEEDED',
  'PAYLOAD_TOO_LARGE',
  'UNAVAILABLE',
] as const;
export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

export class AppError extends Error {
  readonly code: AppErrorCode;
  /** A refusal a plan would lift: the plan's id, sent to the client as `data.upgrade` (decision 042). */
  readonly upgrade?: string;
  constructor(code: AppErrorCode, message: string, options?: { cause?: unknown; upgrade?: string }) {
    super(message, options);
    this.name = 'AppError';
    this.code = code;
    if (options?.upgrade) this.upgrade = options.upgrade;
  }
}

export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const forbidden = (message = 'You do not have permission to do that') => new AppError('FORBIDDEN', message);
export const invalid = (message: string) => new AppError('VALIDATION', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
/** FORBIDDEN until the account has `plan`; the client shows its upgrade prompt on `data.upgrade`. */
export const upgradeRequired = (plan: string, message: string) => new AppError('FORBIDDEN', message, { upgrade: plan });
export const unauthorized = (message = 'Please sign in to continue') => new AppError('UNAUTHORIZED', message);

/** PostgreSQL error code of a failed query, through drizzle's wrapping (`cause`). */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';
export const isExclusionViolation = (error: unknown) => pgErrorCode(error) === '23P01';

/**
 * A transaction that lost to a concurrent one and may simply be run again: a serialization
 * failure (40001) or a deadlock PostgreSQL broke by aborting it (40P01).
 */
export const isRetryableTransactionError = (error: unknown) => {
  const code = pgErrorCode(error);
  return code === '40001' || code === '40P01';
};
