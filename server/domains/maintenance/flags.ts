import { parseArgs } from 'node:util';
import { DEFAULT_DELETION_SETTINGS, type DeletionSettings, MIGRATION_TOOLS, type MigrationTool } from './rules';

// Flags of `npm run shop-cleanup` and `npm run migrate-data` (CONTRACT.md); bad flags exit with 2.

export const CLEANUP_USAGE = `Usage: npm run shop-cleanup -- [flags]

  --soft / --no-soft                                   soft delete phase (default on)
  --hard / --no-hard                                   hard delete phase (default off)
  --dry-run                                            analyse only, change nothing
  --months N                                           months since last update (default 6)
  --max-quality N                                      maximum quality score (default 2)
  --grace-days N                                       days since soft delete (default 30)
  --require-inactive / --no-require-inactive           require isActive = false (default on)
  --protect-featured-soft / --no-protect-featured-soft protect featured shops from soft delete (default on)
  --protect-featured-hard / --no-protect-featured-hard protect featured shops from hard delete (default on)
  --protect-active-artists / --no-protect-active-artists protect shops with active artists (default on)
  --json                                               print the run result (analysis included) as JSON
`;

const SWITCHES = {
  soft: 'enableSoftDelete',
  hard: 'enableHardDelete',
  'require-inactive': 'requireInactive',
  'protect-featured-soft': 'protectFeaturedSoft',
  'protect-featured-hard': 'protectFeaturedHard',
  'protect-active-artists': 'checkActiveArtists',
} as const satisfies Record<string, keyof DeletionSettings>;
const NUMBERS = { months: 'monthsInactive', 'max-quality': 'maxQuality', 'grace-days': 'daysSinceSoftDelete' } as const satisfies Record<
  string,
  keyof DeletionSettings
>;

export class BadFlags extends Error {}

/** The settings the flags ask for (throws BadFlags with the reason). */
export function parseCleanupFlags(argv: string[]): { settings: DeletionSettings; json: boolean; help: boolean } {
  const options: Record<string, { type: 'boolean' | 'string' }> = { 'dry-run': { type: 'boolean' }, json: { type: 'boolean' }, help: { type: 'boolean' } };
  for (const name of Object.keys(SWITCHES)) {
    options[name] = { type: 'boolean' };
    options[`no-${name}`] = { type: 'boolean' };
  }
  for (const name of Object.keys(NUMBERS)) options[name] = { type: 'string' };
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args: argv, options, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new BadFlags(error instanceof Error ? error.message : String(error));
  }
  const settings: DeletionSettings = { ...DEFAULT_DELETION_SETTINGS };
  for (const [name, key] of Object.entries(SWITCHES)) {
    if (values[name] && values[`no-${name}`]) throw new BadFlags(`--${name} and --no-${name} contradict each other`);
    if (values[name]) settings[key] = true;
    if (values[`no-${name}`]) settings[key] = false;
  }
  for (const [name, key] of Object.entries(NUMBERS)) {
    const raw = values[name];
    if (raw === undefined) continue;
    if (typeof raw !== 'string' || !/^\d{1,6}$/.test(raw.trim())) throw new BadFlags(`--${name} takes a whole number of 0 or more, got '${String(raw)}'`);
    settings[key] = Number(raw.trim());
  }
  if (values['dry-run']) settings.dryRun = true;
  return { settings, json: Boolean(values.json), help: Boolean(values.help) };
}

export const MIGRATE_USAGE = `Usage: npm run migrate-data -- <${MIGRATION_TOOLS.join('|')}> [--dry-run] [--json]

  shop-user-end-date     ShopUser endDate migration
  shop-user-permissions  ShopUser permissions migration (from the shop's managing users)
  shop-records           Shop records migration (adds missing fields; safe to repeat)
  --dry-run              count what would change, change nothing
  --json                 print the run result as JSON
`;

export function parseMigrateFlags(argv: string[]): { tool: MigrationTool; dryRun: boolean; json: boolean; help: boolean } {
  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      options: { 'dry-run': { type: 'boolean' }, json: { type: 'boolean' }, help: { type: 'boolean' } },
      strict: true,
      allowPositionals: true,
    }));
  } catch (error) {
    throw new BadFlags(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return { tool: MIGRATION_TOOLS[0], dryRun: true, json: false, help: true };
  if (positionals.length !== 1) throw new BadFlags(positionals.length === 0 ? 'Name the migration to run' : 'Name one migration');
  const tool = positionals[0] as MigrationTool;
  if (!MIGRATION_TOOLS.includes(tool)) throw new BadFlags(`Unknown migration '${positionals[0]}'`);
  return { tool, dryRun: Boolean(values['dry-run']), json: Boolean(values.json), help: false };
}
