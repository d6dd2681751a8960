import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { auditLog, users } from '../../db/schema';
import type { ServiceCtx } from '../../service-context';
import type { auditInput } from './inputs';

// The edit dialogs show the history of their record (written by server/lib/audit.ts).

export const AUDIT_HISTORY_LIMIT = 50;

/** The newest changes of one record, with who made them. */
export async function listAudit({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof auditInput> }) {
  return ctx.db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
      actorId: auditLog.actorId,
      actorName: users.displayName,
      actorEmail: users.email,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(eq(auditLog.entityType, input.entityType), eq(auditLog.entityId, input.entityId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_HISTORY_LIMIT);
}
