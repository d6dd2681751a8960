import { describe, expect, it } from 'vitest';
import {
  analysisChips,
  analyzeDeletedShop,
  analyzeLiveShop,
  type CleanupShop,
  calendarMonthsBetween,
  DEFAULT_DELETION_SETTINGS,
  type DeletionSettings,
  isModeEnabled,
  isShopUserActive,
  migrationResultText,
  modeButtonLabel,
  shownModes,
  settingsForMode,
  tileLabels,
  UI_DELETION_DEFAULTS,
  wholeDaysBetween,
} from '../../server/domains/maintenance/rules';

// Spec 2 §4 (shop lifecycle, active shop-user), §5 (soft- and hard-delete decisions and their
// texts), §9 (defaults, forced settings): the decision rules as a table.

const NOW = new Date('2025-07-15T12:00:00Z');
const at = (iso: string) => new Date(iso);
const settings: DeletionSettings = { ...DEFAULT_DELETION_SETTINGS };

const shop = (overrides: Partial<CleanupShop> = {}): CleanupShop => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Quiet Needle',
  isActive: false,
  isFeatured: false,
  quality: 1,
  deleted: false,
  deletedAt: null,
  // Six calendar months before NOW (January → July).
  lastUpdated: at('2025-01-31T23:00:00Z'),
  ...overrides,
});

describe('calendar-month and whole-day differences', () => {
  it.each([
    ['2025-01-31T23:59:59Z', '2025-02-01T00:00:00Z', 1],
    ['2025-01-01T00:00:00Z', '2025-01-31T23:59:59Z', 0],
    ['2024-12-31T00:00:00Z', '2025-06-01T00:00:00Z', 6],
    ['2025-01-31T00:00:00Z', '2025-07-01T00:00:00Z', 6],
    ['2025-02-01T00:00:00Z', '2025-07-31T00:00:00Z', 5],
  ])('%s → %s is %i calendar months', (from, to, months) => {
    expect(calendarMonthsBetween(at(from), at(to))).toBe(months);
  });
  it.each([
    ['2025-06-15T12:00:00Z', 30],
    ['2025-06-15T12:00:01Z', 29],
    ['2025-07-15T12:00:00Z', 0],
    ['2025-07-14T12:00:00Z', 1],
  ])('soft deleted at %s is %i whole days before now', (deletedAt, days) => {
    expect(wholeDaysBetween(at(deletedAt), NOW)).toBe(days);
  });
});

describe('soft-delete decision for a live shop (spec 2 §5)', () => {
  type Row = [string, Partial<CleanupShop>, Partial<DeletionSettings>, boolean | 'lookup_failed', boolean, string[]];
  const rows: Row[] = [
    ['qualifies: inactive, 6 calendar months, quality 1', {}, {}, false, true, []],
    ['calendar-month boundary: 5 months is recent', { lastUpdated: at('2025-02-01T00:00:00Z') }, {}, false, false, ['Recently updated (5 months ago)']],
    ['calendar-month boundary: 1 Jan → 15 Jul is 6 months', { lastUpdated: at('2025-01-01T00:00:00Z') }, {}, false, true, []],
    ['months setting 0 lets a shop updated today qualify', { lastUpdated: NOW }, { monthsInactive: 0 }, false, true, []],
    ['quality boundary: at the maximum qualifies', { quality: 2 }, {}, false, true, []],
    ['quality boundary: one above is protected', { quality: 3 }, {}, false, false, ['Quality score too high: 3']],
    ['still active when isActive = false is required', { isActive: true }, {}, false, false, ['Shop is still marked as active']],
    ['active shop qualifies when the inactive flag is not required', { isActive: true }, { requireInactive: false }, false, true, []],
    ['featured shop protected from soft deletion', { isFeatured: true }, {}, false, false, ['Shop is featured - protected from soft deletion']],
    ['featured shop qualifies when that protection is off', { isFeatured: true }, { protectFeaturedSoft: false }, false, true, []],
    ['shop with active artists protected', {}, {}, true, false, ['Shop has active artists - protected from soft deletion']],
    ['a failed artist lookup protects', {}, {}, 'lookup_failed', false, ['Shop has active artists - protected from soft deletion']],
    ['active artists ignored when the check is off', {}, { checkActiveArtists: false }, true, true, []],
    ['a shop never updated counts as long inactive', { lastUpdated: null }, {}, false, true, []],
    [
      'every failing condition is listed',
      { isActive: true, quality: 9, isFeatured: true, lastUpdated: at('2025-07-01T00:00:00Z') },
      {},
      true,
      false,
      [
        'Shop is still marked as active',
        'Recently updated (0 months ago)',
        'Quality score too high: 9',
        'Shop is featured - protected from soft deletion',
        'Shop has active artists - protected from soft deletion',
      ],
    ],
  ];
  it.each(rows)('%s', (_name, overrides, settingOverrides, artists, shouldSoftDelete, protection) => {
    const record = analyzeLiveShop(shop(overrides), artists, { ...settings, ...settingOverrides }, NOW);
    expect(record.shouldSoftDelete).toBe(shouldSoftDelete);
    expect(record.shouldHardDelete).toBe(false);
    expect(record.protectionReasons).toEqual(protection);
    expect(record.softDeleteReasons.length > 0).toBe(shouldSoftDelete);
  });

  it('reports the months since update and keeps the shop fields (spec 2 §3 analysis record)', () => {
    const record = analyzeLiveShop(shop(), false, settings, NOW);
    expect(record).toMatchObject({ id: shop().id, name: 'Quiet Needle', monthsSinceUpdate: 6, daysSinceSoftDelete: null, hasActiveArtists: false });
  });
});

describe('hard-delete decision for a soft-deleted shop (spec 2 §5)', () => {
  const deleted = (overrides: Partial<CleanupShop> = {}) => shop({ deleted: true, deletedAt: at('2025-06-15T12:00:00Z'), ...overrides });
  type Row = [string, Partial<CleanupShop>, Partial<DeletionSettings>, boolean, string[], number | null];
  const rows: Row[] = [
    ['grace-day boundary: exactly 30 whole days qualifies', {}, {}, true, [], 30],
    ['grace-day boundary: one second short of 30 days is protected', { deletedAt: at('2025-06-15T12:00:01Z') }, {}, false, ['Soft deleted 29 days ago (grace period 30 days)'], 29],
    ['grace 0 deletes at once', { deletedAt: NOW }, { daysSinceSoftDelete: 0 }, true, [], 0],
    ['a missing deletedAt protects', { deletedAt: null }, { daysSinceSoftDelete: 0 }, false, ['No deletedAt timestamp found'], null],
    ['featured shop protected from hard deletion', { isFeatured: true }, {}, false, ['Shop is featured - protected from hard deletion'], 30],
    ['featured shop removed when that protection is off', { isFeatured: true }, { protectFeaturedHard: false }, true, [], 30],
    // The soft-delete settings do not apply to the hard phase.
    ['quality and activity do not matter once soft deleted', { quality: 10, isActive: true, lastUpdated: NOW }, {}, true, [], 30],
  ];
  it.each(rows)('%s', (_name, overrides, settingOverrides, shouldHardDelete, protection, days) => {
    const record = analyzeDeletedShop(deleted(overrides), { ...settings, ...settingOverrides }, NOW);
    expect(record.shouldHardDelete).toBe(shouldHardDelete);
    expect(record.shouldSoftDelete).toBe(false);
    expect(record.protectionReasons).toEqual(protection);
    expect(record.daysSinceSoftDelete).toBe(days);
  });
});

describe('currently active shop-user (spec 2 §4)', () => {
  const member = (startDate: Date | null, endDate: Date | null, deleted = false) => ({ startDate, endDate, deleted });
  it.each([
    ['open-ended, started before now', member(at('2025-01-01T00:00:00Z'), null), true],
    ['starting exactly now', member(NOW, null), true],
    ['starting in the future', member(at('2025-07-15T12:00:01Z'), null), false],
    ['a missing startDate counts as the earliest time', member(null, null), true],
    ['a missing startDate with an ended window', member(null, at('2025-07-01T00:00:00Z')), false],
    ['ending in the future', member(at('2025-01-01T00:00:00Z'), at('2025-07-15T12:00:01Z')), true],
    ['ending exactly now is no longer active', member(at('2025-01-01T00:00:00Z'), NOW), false],
    ['ended', member(at('2025-01-01T00:00:00Z'), at('2025-03-01T00:00:00Z')), false],
    ['deleted', member(at('2025-01-01T00:00:00Z'), null, true), false],
  ])('%s', (_name, membership, active) => {
    expect(isShopUserActive(membership, NOW)).toBe(active);
  });
});

describe('run modes, buttons and tiles (spec 2 §2, §9)', () => {
  it('has the spec default settings and UI defaults', () => {
    expect(DEFAULT_DELETION_SETTINGS).toEqual({
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
    });
    expect(UI_DELETION_DEFAULTS).toMatchObject({ monthsInactive: 6, maxQuality: 2, daysSinceSoftDelete: 0, dryRun: true, enableSoftDelete: true, enableHardDelete: false });
  });

  it('preview always runs both phases as a dry run; hard-only and both force the grace period to 0', () => {
    const live = { ...DEFAULT_DELETION_SETTINGS, dryRun: false, daysSinceSoftDelete: 45 };
    expect(settingsForMode('preview', live)).toMatchObject({ dryRun: true, enableSoftDelete: true, enableHardDelete: true, daysSinceSoftDelete: 0 });
    expect(settingsForMode('soft', { ...live, enableHardDelete: true })).toMatchObject({ dryRun: false, enableSoftDelete: true, enableHardDelete: false, daysSinceSoftDelete: 45 });
    expect(settingsForMode('hard', { ...live, enableHardDelete: true })).toMatchObject({ enableSoftDelete: false, enableHardDelete: true, daysSinceSoftDelete: 0 });
    expect(settingsForMode('both', { ...live, enableHardDelete: true })).toMatchObject({ enableSoftDelete: true, enableHardDelete: true, daysSinceSoftDelete: 0 });
  });

  it('labels the buttons Preview or Run by Dry Run Mode and enables them by the phase switches', () => {
    expect(['preview', 'soft', 'hard', 'both'].map((m) => modeButtonLabel(m as never, true))).toEqual([
      'Preview Both Phases',
      'Preview Soft Delete Only',
      'Preview Hard Delete Only',
      'Preview BOTH PHASES',
    ]);
    expect(['soft', 'hard', 'both'].map((m) => modeButtonLabel(m as never, false))).toEqual(['Run Soft Delete Only', 'Run Hard Delete Only', 'RUN BOTH PHASES']);
    // The dry-run twin of 'Preview Both Phases' is not shown: every button says a distinct thing.
    expect(shownModes(true).map((m) => modeButtonLabel(m, true))).toEqual(['Preview Both Phases', 'Preview Soft Delete Only', 'Preview Hard Delete Only']);
    expect(shownModes(false).map((m) => modeButtonLabel(m, false))).toEqual(['Preview Both Phases', 'Run Soft Delete Only', 'Run Hard Delete Only', 'RUN BOTH PHASES']);
    const none = { ...UI_DELETION_DEFAULTS, enableSoftDelete: false, enableHardDelete: false };
    expect(['preview', 'soft', 'hard', 'both'].map((m) => isModeEnabled(m as never, none))).toEqual([true, false, false, false]);
    const hardOnly = { ...none, enableHardDelete: true };
    expect(['preview', 'soft', 'hard', 'both'].map((m) => isModeEnabled(m as never, hardOnly))).toEqual([true, false, true, true]);
  });

  it('words the tiles for a dry run and a real one', () => {
    expect(Object.values(tileLabels(true))).toEqual(['Analyzed', 'Would Soft Delete', 'Would Hard Delete', 'Protected', 'Failed']);
    expect(Object.values(tileLabels(false))).toEqual(['Analyzed', 'Soft Deleted', 'Hard Deleted', 'Protected', 'Failed']);
  });

  it('puts the spec chips on each table row', () => {
    const soft = analyzeLiveShop(shop({ isFeatured: true }), false, { ...settings, protectFeaturedSoft: false }, NOW);
    expect(analysisChips(soft, 'soft')).toEqual(['Inactive', 'Featured', 'No Artists']);
    const protectedRow = analyzeLiveShop(shop({ isActive: true, isFeatured: true }), true, settings, NOW);
    expect(analysisChips(protectedRow, 'protected')).toEqual(['Active', 'Featured', 'Has Artists']);
    const hard = analyzeDeletedShop(shop({ deleted: true, deletedAt: at('2025-01-01T00:00:00Z') }), settings, NOW);
    expect(analysisChips(hard, 'hard')).toEqual(['Deleted']);
  });

  it('words a real migration run as the spec does and a dry run as a dry run', () => {
    expect(migrationResultText('shop-records', { updated: 3, errors: 1 })).toBe(
      'Migration completed with 3 successful updates and 1 failures.',
    );
    expect(migrationResultText('shop-user-end-date', { updated: 3, errors: 1 })).toBe(
      'Migration completed with 3 successful updates and 1 errors.',
    );
    for (const tool of ['shop-records', 'shop-user-end-date', 'shop-user-permissions'] as const) {
      expect(migrationResultText(tool, { updated: 3, errors: 1 }, true)).toBe(
        'Dry run: 3 records would be updated, 1 would fail. Nothing was changed.',
      );
    }
  });
});
