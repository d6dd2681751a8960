import { and, count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { artists, images, shops, shopUsers, users } from '../../../server/db/schema';
import { uploadImage } from '../../../server/domains/images/service';
import type { ACCOUNT_IMAGE_TYPES } from '../../../server/domains/images/rules';

type ImageType = (typeof ACCOUNT_IMAGE_TYPES)[number];
import type { ServiceCtx } from '../../../server/service-context';
import { bannerArt, flashSheet, type MotifName, PALETTES, type Palette, portfolioPiece, randomSource } from './artwork';
import type { DemoSeedContext } from './index';

/** Each demo artist shows this many portfolio pieces, flash sheets and one banner. */
export const DEMO_PORTFOLIO_COUNT = 6;
export const DEMO_FLASH_COUNT = 2;

type DemoArtist = {
  /** The demo artist account, or a profile-only artist (no password: nobody signs in as them). */
  account?: 'artist';
  email: string;
  /** First name, last name, profile slug. */
  name: [string, string, string];
  bio: string;
  tattooStyles: string[];
  palettes: string[];
  motifs: MotifName[];
  instagram: string;
  /** Resident (0) of a demo studio, by slug. The demo account's memberships come from the studios seed. */
  residentOf?: string;
  /** Where the artist works when it is not Portland, OR (the city of their studio). */
  home?: { city: string; state: string };
};

export const DEMO_ARTISTS: DemoArtist[] = [
  {
    account: 'artist',
    email: 'artist@demo.inklink.test',
    name: ['Jonah', 'Park', 'jonah-park'],
    bio: 'Fine line and neo-traditional botanicals. Resident at Iron Rose, guest spots around the Northwest.',
    tattooStyles: ['Fine Line', 'Neo-Traditional', 'Illustrative'],
    palettes: ['neo-traditional', 'fine line'],
    motifs: ['rose', 'moon', 'swallow', 'heart'],
    instagram: '@jonah.ink',
  },
  {
    email: 'sage.whitfield@demo.inklink.test',
    name: ['Sage', 'Whitfield', 'sage-whitfield'],
    bio: 'Bold lines, bright colour, flash that heals well. American traditional for fourteen years; walk-ins on Saturdays at Iron Rose.',
    tattooStyles: ['American Traditional', 'Neo-Traditional'],
    palettes: ['traditional'],
    motifs: ['dagger', 'swallow', 'anchor', 'heart', 'rose'],
    instagram: '@sage.tattoos',
    residentOf: 'iron-rose-tattoo',
  },
  {
    email: 'kenji.morales@demo.inklink.test',
    name: ['Kenji', 'Morales', 'kenji-morales'],
    bio: 'Blackwork, ornamental mandalas and dotwork. Large pieces over several sessions; consultations by message.',
    tattooStyles: ['Blackwork', 'Geometric', 'Dotwork'],
    palettes: ['blackwork'],
    motifs: ['mandala', 'moon', 'dagger'],
    instagram: '@kenji.blackwork',
    residentOf: 'black-anchor-collective',
    home: { city: 'Seattle', state: 'WA' },
  },
  {
    email: 'priya.nair@demo.inklink.test',
    name: ['Priya', 'Nair', 'priya-nair'],
    bio: 'Soft watercolour and delicate script. Small first tattoos welcome: I will walk you through every step.',
    tattooStyles: ['Watercolor', 'Fine Line', 'Script'],
    palettes: ['watercolour', 'fine line'],
    motifs: ['heart', 'rose', 'swallow', 'moon', 'mandala'],
    instagram: '@priya.paints.skin',
    residentOf: 'iron-rose-tattoo',
  },
];

/** Where a demo artist works unless their studio is elsewhere: Portland, OR, beside Iron Rose. */
const CITY = { city: 'Portland', state: 'OR' };

const palette = (name: string): Palette => PALETTES.find((p) => p.name === name) ?? PALETTES[0];

/** SVG artwork to the JPEG a phone would upload. */
export const toJpeg = (svg: Buffer) => sharp(svg).jpeg({ quality: 88 }).toBuffer();

/** Runs the jobs two at a time (this is a 2-core machine's worth of sharp work). */
export async function twoAtATime<T>(jobs: Array<() => Promise<T>>): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]();
    }
  };
  await Promise.all([worker(), worker()]);
  return results;
}

export async function serviceCtxFor(ctx: DemoSeedContext, userId: string): Promise<ServiceCtx> {
  const [user] = await ctx.deps.db.select().from(users).where(eq(users.id, userId));
  return { db: ctx.deps.db, user, deps: ctx.deps };
}

/**
 * The demo artists' public profiles, each with a portfolio, flash sheets and a banner drawn at seed
 * time and stored through the real upload pipeline (the same WebP main image and cut sizes a user's
 * upload gets). The profile-only artists are residents of the demo studios.
 */
export async function seedArtists(ctx: DemoSeedContext) {
  const now = ctx.deps.clock.now();
  let uploaded = 0;
  for (const [index, demo] of DEMO_ARTISTS.entries()) {
    const userId = demo.account ? ctx.users[demo.account].id : await profileOnlyUser(ctx, demo);
    const [firstName, lastName, urlSlug] = demo.name;
    const name = `${firstName} ${lastName}`;
    const [user] = await ctx.deps.db.select({ displayName: users.displayName }).from(users).where(eq(users.id, userId));
    await ctx.deps.db
      .insert(artists)
      .values({
        userId,
        name,
        displayName: user.displayName,
        urlSlug,
        bio: demo.bio,
        ...(demo.home ?? CITY),
        tattooStyles: demo.tattooStyles,
        socials: { instagram: demo.instagram },
        booksOpen: true,
        isVerified: index < 2,
        showBanner: true,
      })
      .onConflictDoNothing();

    if (demo.residentOf) {
      const [shop] = await ctx.deps.db.select({ id: shops.id }).from(shops).where(eq(shops.urlSlug, demo.residentOf));
      const [member] = shop
        ? await ctx.deps.db
            .select({ id: shopUsers.id })
            .from(shopUsers)
            .where(and(eq(shopUsers.shopId, shop.id), eq(shopUsers.userId, userId)))
        : [];
      if (shop && !member) {
        await ctx.deps.db.insert(shopUsers).values({
          shopId: shop.id,
          userId,
          shopUserType: 0,
          permissions: { calendar: true, manage: false },
          canManageStore: false,
          startDate: new Date(now.getTime() - (60 + index * 30) * 86_400_000),
          endDate: null,
        });
      }
    }

    // Tops up what is missing of each kind, so a data directory seeded by an older demo seed gets
    // the full set too; a second run uploads nothing.
    const have = await ctx.deps.db
      .select({ imageType: images.imageType, n: count() })
      .from(images)
      .where(eq(images.accountId, userId))
      .groupBy(images.imageType);
    const missing = (type: ImageType, wanted: number) => Math.max(0, wanted - (have.find((h) => h.imageType === type)?.n ?? 0));
    const need: Partial<Record<ImageType, number>> = {
      portfolio: missing('portfolio', DEMO_PORTFOLIO_COUNT),
      flash: missing('flash', DEMO_FLASH_COUNT),
      banner: missing('banner', 1),
    };
    if (!need.portfolio && !need.flash && !need.banner) continue;
    const as = await serviceCtxFor(ctx, userId);
    const random = randomSource(1000 + index);
    // Drawn in order (the random source is sequential), uploaded two at a time.
    const pictures: Array<{ imageType: ImageType; svg: Buffer }> = [];
    for (let i = 0; i < DEMO_PORTFOLIO_COUNT; i++) {
      pictures.push({
        imageType: 'portfolio',
        svg: portfolioPiece(random, palette(demo.palettes[i % demo.palettes.length]), demo.motifs[i % demo.motifs.length]),
      });
    }
    for (let i = 0; i < DEMO_FLASH_COUNT; i++) {
      pictures.push({
        imageType: 'flash',
        svg: flashSheet(random, palette(demo.palettes[i % demo.palettes.length]), `${name.toUpperCase()} FLASH`),
      });
    }
    pictures.push({ imageType: 'banner', svg: bannerArt(random, palette(demo.palettes[0])) });
    const wanted = pictures.filter(
      (p, i) => pictures.slice(0, i).filter((q) => q.imageType === p.imageType).length < (need[p.imageType] ?? 0),
    );
    // Oldest first, so the gallery (newest first) opens on the first portfolio piece drawn.
    await twoAtATime(
      wanted.reverse().map((p) => async () => {
        const bytes = await toJpeg(p.svg);
        return uploadImage({ ctx: as, fields: { accountType: 'user', accountId: userId, imageType: p.imageType }, bytes });
      }),
    );
    uploaded += wanted.length;
  }
  ctx.log(
    `  ${DEMO_ARTISTS.length} artists (${DEMO_ARTISTS.map((a) => `/artist/${a.name[2]}`).join(', ')}), each with ${DEMO_PORTFOLIO_COUNT} portfolio pieces, ${DEMO_FLASH_COUNT} flash sheets and a banner (${uploaded} images uploaded)`,
  );
}

/** A demo artist nobody signs in as: a user with no password (sign-in is refused for them). */
async function profileOnlyUser(ctx: DemoSeedContext, demo: DemoArtist) {
  const [existing] = await ctx.deps.db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${demo.email}`);
  if (existing) return existing.id;
  const [row] = await ctx.deps.db
    .insert(users)
    .values({
      email: demo.email,
      displayName: demo.instagram,
      firstName: demo.name[0],
      lastName: demo.name[1],
      userTypes: ['client', 'artist', 'Artist'],
      ...(demo.home ?? CITY),
      bio: demo.bio,
    })
    .returning({ id: users.id });
  return row.id;
}
