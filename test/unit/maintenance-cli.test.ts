import { describe, expect, it } from 'vitest';
import { ProgressBar } from '../../server/domains/maintenance/cli';
import { BadFlags, parseCleanupFlags, parseMigrateFlags } from '../../server/domains/maintenance/flags';
import { DEFAULT_DELETION_SETTINGS } from '../../server/domains/maintenance/rules';

// The flags of `npm run shop-cleanup` and `npm run migrate-data` (CONTRACT.md) and the progress bar.

const fakeStream = (isTTY: boolean) => {
  const writes: string[] = [];
  return { stream: { isTTY, columns: 100, write: (chunk: string) => writes.push(chunk) > 0 } as unknown as NodeJS.WriteStream, writes };
};

describe('shop-cleanup flags', () => {
  it('default to the spec default deletion settings', () => {
    expect(parseCleanupFlags([])).toEqual({ settings: DEFAULT_DELETION_SETTINGS, json: false, help: false });
  });
  it('turn every switch and number', () => {
    const { settings, json } = parseCleanupFlags([
      '--no-soft',
      '--hard',
      '--dry-run',
      '--months',
      '12',
      '--max-quality',
      '4',
      '--grace-days',
      '0',
      '--no-require-inactive',
      '--no-protect-featured-soft',
      '--no-protect-featured-hard',
      '--no-protect-active-artists',
      '--json',
    ]);
    expect(json).toBe(true);
    expect(settings).toEqual({
      enableSoftDelete: false,
      enableHardDelete: true,
      dryRun: true,
      monthsInactive: 12,
      maxQuality: 4,
      daysSinceSoftDelete: 0,
      requireInactive: false,
      protectFeaturedSoft: false,
      protectFeaturedHard: false,
      checkActiveArtists: false,
    });
  });
  it.each([
    [['--months=-1'], "--months takes a whole number of 0 or more, got '-1'"],
    [['--grace-days', '1.5'], "--grace-days takes a whole number of 0 or more, got '1.5'"],
    [['--hard', '--no-hard'], '--hard and --no-hard contradict each other'],
    [['--bogus'], "Unknown option '--bogus'"],
  ])('refuse %j', (argv, message) => {
    expect(() => parseCleanupFlags(argv)).toThrow(BadFlags);
    expect(() => parseCleanupFlags(argv)).toThrow(message);
  });
});

describe('migrate-data flags', () => {
  it('name one migration, with --dry-run and --json', () => {
    expect(parseMigrateFlags(['shop-records', '--dry-run', '--json'])).toEqual({ tool: 'shop-records', dryRun: true, json: true, help: false });
    expect(() => parseMigrateFlags([])).toThrow('Name the migration to run');
    expect(() => parseMigrateFlags(['shop-records', 'shop-user-end-date'])).toThrow('Name one migration');
    expect(() => parseMigrateFlags(['everything'])).toThrow("Unknown migration 'everything'");
  });
});

describe('progress bar', () => {
  it('draws on a terminal and clears itself before a log line', () => {
    const { stream, writes } = fakeStream(true);
    const bar = new ProgressBar(stream);
    bar.update('soft delete', 250, 1000);
    expect(writes.at(-1)).toMatch(/soft delete\s+█+░+\s+25% 250\/1000$/);
    bar.clear();
    expect(writes.at(-1)).toBe('\r\x1b[2K');
    bar.update('soft delete', 1000, 1000);
    expect(writes.at(-1)).toContain('100% 1000/1000');
    bar.done();
    expect(writes.at(-1)).toBe('\n');
  });
  it('stays silent when the output is not a terminal (a pipe, a CI log)', () => {
    const { stream, writes } = fakeStream(false);
    const bar = new ProgressBar(stream);
    bar.update('shops', 1, 2);
    bar.clear();
    bar.done();
    expect(writes).toEqual([]);
  });
});
