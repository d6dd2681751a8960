import { AUTOMATED_CLEANUP_MARKER } from '../../db/schema/studio-values';

// Pure rules of the maintenance tools (spec 2 §2 Migrations tab, §4 shop lifecycle, §5 the soft-
// and hard-delete decisions, §8 migration errors, §9 constants). The console imports this file for
// its defaults, button labels and result texts; the service and the CLI use the same functions.

export { AUTOMATED_CLEANUP_MARKER };

/** Spec 2 §9: batch size of every migration and of the cleanup's shop stream. */
export const BATCH_SIZE = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

export const MIGRATION_TOOLS = ['shop-user-end-date', 'shop-user-permissions', 'shop-records'] as const;
export type MigrationTool = (typeof MIGRATION_TOOLS)[number];

// ---------------------------------------------------------------------------------------------
// Inactive shops deletion: settings, defaults, run modes and button labels
// ---------------------------------------------------------------------------------------------

export type DeletionSettings = {
  /** Phase 1: soft delete live shops that qualify. */
  enableSoftDelete: boolean;
  /** Phase 2: permanently remove soft-deleted shops past the grace period. */
  enableHardDelete: boolean;
  /** Analyse and report only; nothing is written (except the run record). */
  dryRun: boolean;
  /** A shop must have isActive = false to be soft deleted. */
  requireInactive: boolean;
  /** Minimum calendar months since the shop's last update (0-24 in the form). */
  monthsInactive: number;
  /** Maximum quality score of a shop to soft delete (0-10 in the form). */
  maxQuality: number;
  /** Featured shops are never soft deleted. */
  protectFeaturedSoft: boolean;
  /** Featured shops are never hard deleted. */
  protectFeaturedHard: boolean;
  /** Shops with a currently active, non-deleted shop-user are never soft deleted. */
  checkActiveArtists: boolean;
  /** Whole days a shop must have been soft deleted before a hard delete (0-365; 0 = at once). */
  daysSinceSoftDelete: number;
};

/** Spec 2 §9 default deletion settings: what the service and the CLI use when nothing is given. */
export const DEFAULT_DELETION_SETTINGS: DeletionSettings = {
  enableSoftDelete: true,
  requireInactive: true,
  monthsInactive: 6,
  maxQuality: 2,
  protectFeaturedSoft: true,
  checkActiveArtists: true,
  enableHardDelete: false,
  daysSinceSoftDelete: 30,
  protectFeaturedHard: true,
  dryRun: false,
};

/** Spec 2 §9 UI defaults: the Inactive Shops Deletion form starts from these. */
export const UI_DELETION_DEFAULTS: DeletionSettings = {
  enableSoftDelete: true,
  enableHardDelete: false,
  dryRun: true,
  requireInactive: true,
  monthsInactive: 6,
  maxQuality: 2,
  protectFeaturedSoft: true,
  protectFeaturedHard: true,
  checkActiveArtists: true,
  daysSinceSoftDelete: 0,
};

/** Form input hints (spec 2 §2: the bounds are only hints; the server accepts any whole number ≥ 0). */
export const DELETION_BOUNDS = {
  monthsInactive: { min: 0, max: 24 },
  maxQuality: { min: 0, max: 10 },
  daysSinceSoftDelete: { min: 0, max: 365 },
} as const;

/** The four buttons of the configuration card. */
export const CLEANUP_MODES = ['preview', 'soft', 'hard', 'both'] as const;
export type CleanupMode = (typeof CLEANUP_MODES)[number];

/**
 * The settings a button actually runs with (spec 2 §2, §9): Preview Both Phases runs both phases
 * and always as a dry run; Soft Delete Only turns the hard phase off; Hard Delete Only turns the
 * soft phase off; hard-only and both-phase runs (the preview is one) force the grace period to 0.
 */
export function settingsForMode(mode: CleanupMode, settings: DeletionSettings): DeletionSettings {
  switch (mode) {
    case 'preview':
      return { ...settings, enableSoftDelete: true, enableHardDelete: true, dryRun: true, daysSinceSoftDelete: 0 };
    case 'soft':
      return { ...settings, enableHardDelete: false };
    case 'hard':
      return { ...settings, enableSoftDelete: false, daysSinceSoftDelete: 0 };
    case 'both':
      return { ...settings, daysSinceSoftDelete: 0 };
  }
}

/** Whether a button can be pressed with the current switches. */
export function isModeEnabled(mode: CleanupMode, settings: DeletionSettings): boolean {
  switch (mode) {
    case 'preview':
      return true;
    case 'soft':
      return settings.enableSoftDelete;
    case 'hard':
      return settings.enableHardDelete;
    case 'both':
      return settings.enableSoftDelete || settings.enableHardDelete;
  }
}

/**
 * The buttons on the card. With Dry Run Mode on, the fourth button ('Preview BOTH PHASES') would sit
 * beside 'Preview Both Phases' and always do what another button already does (the enabled phases
 * as a dry run: both, soft only or hard only), so two buttons would read alike and one of them
 * would claim both phases while previewing one. It is shown only as the live 'RUN BOTH PHASES'.
 */
export function shownModes(dryRun: boolean): CleanupMode[] {
  return dryRun ? CLEANUP_MODES.filter((mode) => mode !== 'both') : [...CLEANUP_MODES];
}

/** The button texts: the word is Preview while Dry Run Mode is on (spec 2 §2). */
export function modeButtonLabel(mode: CleanupMode, dryRun: boolean): string {
  switch (mode) {
    case 'preview':
      return 'Preview Both Phases';
    case 'soft':
      return `${dryRun ? 'Preview' : 'Run'} Soft Delete Only`;
    case 'hard':
      return `${dryRun ? 'Preview' : 'Run'} Hard Delete Only`;
    case 'both':
      return `${dryRun ? 'Preview' : 'RUN'} BOTH PHASES`;
  }
}

/** The result tiles, worded for a dry run or a real one. */
export function tileLabels(dryRun: boolean) {
  return {
    analyzed: 'Analyzed',
    softDeleted: dryRun ? 'Would Soft Delete' : 'Soft Deleted',
    hardDeleted: dryRun ? 'Would Hard Delete' : 'Hard Deleted',
    protected: 'Protected',
    failed: 'Failed',
  };
}

// ---------------------------------------------------------------------------------------------
// Time differences
// ---------------------------------------------------------------------------------------------

/**
 * Calendar-month difference (spec 2 §5): (years × 12 + months) between the two dates, ignoring the
 * day of month, in UTC. 31 Jan → 1 Feb is 1 month; 1 Jan → 31 Jan is 0.
 */
export function calendarMonthsBetween(from: Date, to: Date): number {
  return (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth());
}

/** Whole days elapsed from `from` to `to` (rounded down). */
export function wholeDaysBetween(from: Date, to: Date): number {
  return Math.floor((to.getTime() - from.getTime()) / DAY_MS);
}

/**
 * Spec 2 §4: a shop-user is currently active if not deleted, its startDate is on or before now
 * (a missing startDate counts as the earliest time), and its endDate is empty or in the future.
 */
export function isShopUserActive(shopUser: { deleted: boolean; startDate: Date | null; endDate: Date | null }, now: Date): boolean {
  if (shopUser.deleted) return false;
  if (shopUser.startDate && shopUser.startDate.getTime() > now.getTime()) return false;
  return shopUser.endDate === null || shopUser.endDate.getTime() > now.getTime();
}

// ---------------------------------------------------------------------------------------------
// Decisions
// ---------------------------------------------------------------------------------------------

/** The spec's reason and protection texts (spec 2 §5), plus the hard-delete ones it implies. */
export const REASONS = {
  stillActive: 'Shop is still marked as active',
  recentlyUpdated: (months: number) => `Recently updated (${months} months ago)`,
  qualityTooHigh: (quality: number) => `Quality score too high: ${quality}`,
  featuredSoft: 'Shop is featured - protected from soft deletion',
  activeArtists: 'Shop has active artists - protected from soft deletion',
  noDeletedAt: 'No deletedAt timestamp found',
  featuredHard: 'Shop is featured - protected from hard deletion',
  gracePeriod: (days: number, grace: number) => `Soft deleted ${days} days ago (grace period ${grace} days)`,
  // Why a shop qualifies (shown in the Shops to Soft/Hard Delete tables).
  markedInactive: 'Shop is marked as inactive',
  notUpdated: (months: number) => `Not updated for ${months} months`,
  lowQuality: (quality: number, max: number) => `Quality score ${quality} is at or below ${max}`,
  softDeletedDaysAgo: (days: number) => `Soft deleted ${days} days ago`,
} as const;

/** The shop fields the decisions read (spec 2 §3 Migration Shop fields). */
export type CleanupShop = {
  id: string;
  name: string;
  isActive: boolean;
  isFeatured: boolean;
  quality: number;
  deleted: boolean;
  deletedAt: Date | null;
  lastUpdated: Date | null;
};

/** Result of the active-artist lookup for a shop; a failed lookup protects the shop (spec 2 §5). */
export type ActiveArtistsLookup = boolean | 'lookup_failed';

/** Spec 2 §3: the deletion analysis record of one shop (its fields, then the decision). */
export type DeletionAnalysis = CleanupShop & {
  monthsSinceUpdate: number | null;
  daysSinceSoftDelete: number | null;
  hasActiveArtists: boolean;
  shouldSoftDelete: boolean;
  shouldHardDelete: boolean;
  softDeleteReasons: string[];
  hardDeleteReasons: string[];
  protectionReasons: string[];
};

function baseRecord(shop: CleanupShop, now: Date) {
  return {
    id: shop.id,
    name: shop.name,
    isActive: shop.isActive,
    isFeatured: shop.isFeatured,
    quality: shop.quality,
    deleted: shop.deleted,
    deletedAt: shop.deletedAt,
    lastUpdated: shop.lastUpdated,
    monthsSinceUpdate: shop.lastUpdated ? calendarMonthsBetween(shop.lastUpdated, now) : null,
    daysSinceSoftDelete: shop.deletedAt ? wholeDaysBetween(shop.deletedAt, now) : null,
  };
}

/**
 * Soft-delete decision for a live shop (spec 2 §5): every condition must hold; each one that fails
 * adds its text to the protection reasons. A shop without lastUpdated counts as never updated.
 */
export function analyzeLiveShop(
  shop: CleanupShop,
  activeArtists: ActiveArtistsLookup,
  settings: Pick<DeletionSettings, 'requireInactive' | 'monthsInactive' | 'maxQuality' | 'protectFeaturedSoft' | 'checkActiveArtists'>,
  now: Date,
): DeletionAnalysis {
  const base = baseRecord(shop, now);
  const protectionReasons: string[] = [];
  const softDeleteReasons: string[] = [];
  const months = base.monthsSinceUpdate ?? Number.POSITIVE_INFINITY;
  const hasActiveArtists = settings.checkActiveArtists ? activeArtists !== false : false;

  if (settings.requireInactive) {
    if (shop.isActive) protectionReasons.push(REASONS.stillActive);
    else softDeleteReasons.push(REASONS.markedInactive);
  }
  if (months < settings.monthsInactive) protectionReasons.push(REASONS.recentlyUpdated(months));
  else softDeleteReasons.push(base.monthsSinceUpdate === null ? 'Never updated' : REASONS.notUpdated(months));
  if (shop.quality > settings.maxQuality) protectionReasons.push(REASONS.qualityTooHigh(shop.quality));
  else softDeleteReasons.push(REASONS.lowQuality(shop.quality, settings.maxQuality));
  if (settings.protectFeaturedSoft && shop.isFeatured) protectionReasons.push(REASONS.featuredSoft);
  if (hasActiveArtists) protectionReasons.push(REASONS.activeArtists);

  const shouldSoftDelete = protectionReasons.length === 0;
  return {
    ...base,
    hasActiveArtists,
    shouldSoftDelete,
    shouldHardDelete: false,
    softDeleteReasons: shouldSoftDelete ? softDeleteReasons : [],
    hardDeleteReasons: [],
    protectionReasons,
  };
}

/**
 * Hard-delete decision for a soft-deleted shop (spec 2 §5): it needs a deletedAt timestamp and at
 * least the grace period in whole days since; a featured shop is protected when that switch is on.
 */
export function analyzeDeletedShop(
  shop: CleanupShop,
  settings: Pick<DeletionSettings, 'daysSinceSoftDelete' | 'protectFeaturedHard'>,
  now: Date,
): DeletionAnalysis {
  const base = baseRecord(shop, now);
  const protectionReasons: string[] = [];
  const hardDeleteReasons: string[] = [];
  if (base.daysSinceSoftDelete === null) protectionReasons.push(REASONS.noDeletedAt);
  else if (base.daysSinceSoftDelete < settings.daysSinceSoftDelete) {
    protectionReasons.push(REASONS.gracePeriod(base.daysSinceSoftDelete, settings.daysSinceSoftDelete));
  } else hardDeleteReasons.push(REASONS.softDeletedDaysAgo(base.daysSinceSoftDelete));
  if (settings.protectFeaturedHard && shop.isFeatured) protectionReasons.push(REASONS.featuredHard);

  const shouldHardDelete = protectionReasons.length === 0;
  return {
    ...base,
    hasActiveArtists: false,
    shouldSoftDelete: false,
    shouldHardDelete,
    softDeleteReasons: [],
    hardDeleteReasons: shouldHardDelete ? hardDeleteReasons : [],
    protectionReasons,
  };
}

/** Chips of a row in the result tables (spec 2 §2). */
export function analysisChips(record: DeletionAnalysis, table: 'soft' | 'hard' | 'protected'): string[] {
  const chips: string[] = [];
  if (table === 'soft') {
    if (!record.isActive) chips.push('Inactive');
    if (record.isFeatured) chips.push('Featured');
    if (!record.hasActiveArtists) chips.push('No Artists');
  } else if (table === 'hard') {
    if (record.deleted) chips.push('Deleted');
    if (record.isFeatured) chips.push('Featured');
  } else {
    if (record.isActive) chips.push('Active');
    if (record.isFeatured) chips.push('Featured');
    if (record.hasActiveArtists) chips.push('Has Artists');
  }
  return chips;
}

// ---------------------------------------------------------------------------------------------
// Run results and their texts
// ---------------------------------------------------------------------------------------------

export type CleanupCounts = { analyzed: number; softDeleted: number; hardDeleted: number; failed: number; protected: number };

export type MigrationCounts = { updated: number; errors: number };

/**
 * Spec 2 §2 result lines of the migration screens, verbatim for a real run. A dry run changed
 * nothing, so it says what it is instead of reporting "successful updates" that never happened
 * (the spec fixes no dry-run text; the console's buttons always run for real).
 */
export function migrationResultText(tool: MigrationTool, counts: MigrationCounts, dryRun = false): string {
  if (dryRun) return `Dry run: ${counts.updated} records would be updated, ${counts.errors} would fail. Nothing was changed.`;
  return tool === 'shop-records'
    ? `Migration completed with ${counts.updated} successful updates and ${counts.errors} failures.`
    : `Migration completed with ${counts.updated} successful updates and ${counts.errors} errors.`;
}

/**
 * Spec 2 §8: the message of a failure, or 'Unknown error occurred' when it is not an error. A
 * wrapped error (a failed query carries the database's error as its cause) shows the innermost
 * message, which says what went wrong rather than which statement was running.
 */
export function errorMessage(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error && current.cause instanceof Error && current.cause.message; depth++) current = current.cause;
  if (current instanceof Error && current.message) return current.message;
  return 'Unknown error occurred';
}

/** Log lines starting with ERROR get an error icon (spec 2 §8). */
export const isErrorLine = (line: string) => line.startsWith('ERROR');

/** Whether a soft-delete update writes the spec's marker. */
export const SOFT_DELETE_MARKER = AUTOMATED_CLEANUP_MARKER;

/** Derived ShopUser permissions: managing users gain calendar and manage; nothing is revoked. */
export function derivePermissions(
  current: { calendar: boolean; manage: boolean },
  isManagingUser: boolean,
): { calendar: boolean; manage: boolean } {
  return { calendar: current.calendar || isManagingUser, manage: current.manage || isManagingUser };
}
