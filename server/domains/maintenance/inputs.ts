import { z } from 'zod';
import { CLEANUP_MODES, MIGRATION_TOOLS } from './rules';

// Inputs of the maintenance tools, shared by the Migrations tab and the procedures. The number
// bounds of the form are only hints (spec 2 §2); the server takes any whole number from 0 up.

const wholeNumber = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} must be 0 or more`)
    .max(100_000, `${label} is too large`);

export const deletionSettingsInput = z.object({
  enableSoftDelete: z.boolean(),
  enableHardDelete: z.boolean(),
  dryRun: z.boolean(),
  requireInactive: z.boolean(),
  monthsInactive: wholeNumber('Months Since Last Update'),
  maxQuality: wholeNumber('Maximum Quality Score'),
  protectFeaturedSoft: z.boolean(),
  protectFeaturedHard: z.boolean(),
  checkActiveArtists: z.boolean(),
  daysSinceSoftDelete: wholeNumber('Days Since Soft Delete'),
});

/** A client-made id lets the console poll the run's log while the call is still running. */
const runId = z.uuid({ error: 'Invalid run id' }).optional();

export const runCleanupInput = z.object({
  mode: z.enum(CLEANUP_MODES, { error: 'Unknown cleanup mode' }),
  settings: deletionSettingsInput,
  runId,
});

export const runMigrationInput = z.object({
  tool: z.enum(MIGRATION_TOOLS, { error: 'Unknown migration' }),
  dryRun: z.boolean().default(false),
  runId,
});

export const MAINTENANCE_TOOLS = [...MIGRATION_TOOLS, 'shop-cleanup'] as const;

export const listRunsInput = z
  .object({
    tool: z.enum(MAINTENANCE_TOOLS, { error: 'Unknown tool' }).optional(),
    limit: z.number().int().min(1).max(100).default(20),
  })
  .default({ limit: 20 });

export const runByIdInput = z.object({ id: z.uuid({ error: 'Run not found' }) });
