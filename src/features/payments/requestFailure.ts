import { TRPCClientError } from '@trpc/client';

/**
 * What the user reads when a payment request call failed: a refusal's own message (a 4xx: "Payment
 * request not found", …), otherwise — a fault, a lost connection, an answer that could not be read —
 * the spec's text for that call (spec 2 §8), never a generic one.
 */
export function failureText(error: unknown, specText: string) {
  const status = error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
  return status !== undefined && status < 500 && error instanceof Error && error.message ? error.message : specText;
}
