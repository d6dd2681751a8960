import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { TRPCClientError } from '@trpc/client';

/**
 * What the server said about a refused request (a 4xx: a validation, a conflict, a missing record),
 * which tells the admin what to change; null for anything else. A dropped connection ("Failed to
 * fetch") or a 500 (the server's generic text) says nothing about the action, so only the spec's
 * text for the action is shown then.
 */
export function refusalReason(error: unknown): string | null {
  if (!(error instanceof TRPCClientError)) return null;
  const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus;
  return status !== undefined && status >= 400 && status < 500 && error.message ? error.message : null;
}

/** A failed action: the spec's text for it (e.g. 'Failed to update user'), then the server's reason when it gave one. */
export type Failure = { message: string; reason: string | null };

export const failureOf = (message: string, error: unknown): Failure => ({ message, reason: refusalReason(error) });

export function FailureAlert({ failure }: { failure: Failure }) {
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      {failure.reason ? <AlertTitle>{failure.message}</AlertTitle> : failure.message}
      {failure.reason}
    </Alert>
  );
}
