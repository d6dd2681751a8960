import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

// Every admin change is written to audit_log in the transaction that makes it: who, when, and the
// changed fields before and after. Here, not in the admin domain, because the blog's admin edits
// are audited too (and the admin domain imports the blog's).

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const toJson = (value: unknown): Json => {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(toJson);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJson(v)]));
  return (value ?? null) as Json;
};

/** The fields of `next` whose value differs from `current`, as { before, after } (JSON values). */
export function changedFields(current: Record<string, unknown>, next: Record<string, unknown>) {
  const before: Record<string, Json> = {};
  const after: Record<string, Json> = {};
  for (const [key, value] of Object.entries(next)) {
    const a = toJson(current[key]);
    const b = toJson(value);
    if (JSON.stringify(a) !== JSON.stringify(b)) {
      before[key] = a;
      after[key] = b;
    }
  }
  return { before, after, changed: Object.keys(after).length > 0 };
}

export async function writeAudit(
  db: Db,
  entry: {
    actorId: string | null;
    action: string;
    entityType: string;
    entityId: string;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    at: Date;
  },
) {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before,
    after: entry.after,
    createdAt: entry.at,
  });
}

/**
 * An admin edit: when `next` changes any field of `current`, `write` stores it and the change is
 * audited (who, when, the changed fields before and after) in the same transaction; `write` gets
 * the changed fields' new values. Returns
 * whether anything changed (an unchanged save writes nothing).
 */
export async function auditedEdit(
  db: Db,
  edit: {
    actorId: string;
    action: string;
    entityType: string;
    entityId: string;
    current: Record<string, unknown>;
    next: Record<string, unknown>;
    at: Date;
  },
  write: (changed: Record<string, Json>) => Promise<unknown>,
): Promise<boolean> {
  const diff = changedFields(edit.current, edit.next);
  if (!diff.changed) return false;
  await write(diff.after);
  await writeAudit(db, {
    actorId: edit.actorId,
    action: edit.action,
    entityType: edit.entityType,
    entityId: edit.entityId,
    before: diff.before,
    after: diff.after,
    at: edit.at,
  });
  return true;
}
