import type { ServiceCtx } from '../../service-context';

/**
 * Runs work that depends on whether an e-mail has an account after the request has been answered,
 * so the answer takes the same time either way (issue 18: a reset for a known address used to be
 * 8 ms slower). A failure is logged; the user can ask again.
 */
export function afterAnswer(ctx: ServiceCtx, what: string, work: () => Promise<unknown>) {
  setImmediate(() => {
    work().catch((error: unknown) => ctx.deps.logger.error({ err: error }, `${what} failed`));
  });
}
