import { boolean, index, jsonb, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns';
import { users } from './users';

/** Admin edits and maintenance actions, one row per changed entity. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    /** Null for automated actions (CLI without a user, jobs). */
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** e.g. 'user.update', 'shop.soft_delete', 'shop.hard_delete'. */
    action: text().notNull(),
    /** e.g. 'user', 'artist', 'shop', 'storefront', 'blog'. */
    entityType: text().notNull(),
    /** Text so non-uuid ids fit too. */
    entityId: text().notNull(),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt.desc().nullsFirst()),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt.desc().nullsFirst()),
  ],
);

export const MAINTENANCE_TOOL_VALUES = ['shop-user-end-date', 'shop-user-permissions', 'shop-records', 'shop-cleanup'] as const;
export type MaintenanceTool = (typeof MAINTENANCE_TOOL_VALUES)[number];

export const MAINTENANCE_SOURCE_VALUES = ['cli', 'console'] as const;
export type MaintenanceSource = (typeof MAINTENANCE_SOURCE_VALUES)[number];

export const MAINTENANCE_RUN_STATUS_VALUES = ['running', 'succeeded', 'failed'] as const;
export type MaintenanceRunStatus = (typeof MAINTENANCE_RUN_STATUS_VALUES)[number];
export const maintenanceRunStatus = pgEnum('maintenance_run_status', MAINTENANCE_RUN_STATUS_VALUES);

/** One row per run of a data migration or of the inactive-shops cleanup. */
export const maintenanceRuns = pgTable(
  'maintenance_runs',
  {
    id: id(),
    tool: text().$type<MaintenanceTool>().notNull(),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    source: text().$type<MaintenanceSource>().notNull(),
    options: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    dryRun: boolean().notNull().default(false),
    status: maintenanceRunStatus().notNull().default('running'),
    /** e.g. { analyzed, softDeleted, hardDeleted, failed, protected } or { updated, errors }. */
    counts: jsonb().$type<Record<string, number>>().notNull().default({}),
    /** Full run result (analysis list, log lines, error message). */
    result: jsonb().$type<Record<string, unknown>>(),
    startedAt: timestamptz().notNull().defaultNow(),
    finishedAt: timestamptz(),
  },
  (t) => [index('maintenance_runs_tool_started_idx').on(t.tool, t.startedAt.desc().nullsFirst())],
);

/**
 * Stored files whose rows are gone (a hard-deleted shop's images): written in the transaction that
 * removes the rows, cleared once the storage provider has deleted the file, so a crash between the
 * commit and the file deletion leaves a record the next cleanup run finishes (no orphan files).
 */
export const pendingFileDeletions = pgTable('pending_file_deletions', {
  key: text().primaryKey(),
  /** e.g. 'shop.hard_delete:<shop id>' */
  reason: text().notNull(),
  createdAt: createdAt(),
});
