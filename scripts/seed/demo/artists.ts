import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { artists, images, users } from '../../../server/db/schema';
import { uploadImage } from '../../../server/domains/images/service';
import type { DemoSeedContext } from './index';

// Generated flash-style line art, rendered to JPEG and stored through the real upload pipeline.
const PALETTE = ['#e07a5f', '#3d405b', '#81b29a', '#f2cc8f', '#5b8def', '#9b5de5'];
function artwork(seed: number) {
  const ink = PALETTE[seed % PALETTE.length];
  const accent = PALETTE[(seed + 2) % PALETTE.length];
  const petals = Array.from({ length: 5 + (seed % 4) }, (_, i) => {
    const angle = (i * 360) / (5 + (seed % 4));
    return `<ellipse cx="400" cy="250" rx="60" ry="150" transform="rotate(${angle} 400 400)" fill="none" stroke="${ink}" stroke-width="10"/>`;
  }).join('');
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="800" height="800" fill="#f4efe6"/>${petals}<circle cx="400" cy="400" r="${40 + seed * 6}" fill="${accent}"/></svg>`);
}

/** The demo artist's public profile with portfolio and flash images. */
export async function seedArtists(ctx: DemoSeedContext) {
  const { artist } = ctx.users;
  const [user] = await ctx.deps.db.select().from(users).where(eq(users.id, artist.id));
  await ctx.deps.db
    .insert(artists)
    .values({
      userId: artist.id,
      name: 'Jonah Park',
      displayName: artist.displayName,
      urlSlug: 'jonah-park',
      bio: 'Fine line and neo-traditional botanicals. Resident at Iron Rose, guest spots around the Northwest.',
      city: 'Portland',
      state: 'OR',
      tattooStyles: ['Fine Line', 'Neo-Traditional', 'Illustrative'],
      socials: { instagram: '@jonah.ink' },
      booksOpen: true,
      isVerified: true,
    })
    .onConflictDoNothing();
  const existing = await ctx.deps.db.select({ id: images.id }).from(images).where(eq(images.accountId, artist.id));
  if (existing.length > 0) return;
  const serviceCtx = { db: ctx.deps.db, user, deps: ctx.deps };
  for (let i = 0; i < 6; i++) {
    const jpeg = await sharp(artwork(i)).jpeg({ quality: 85 }).toBuffer();
    await uploadImage({ ctx: serviceCtx, fields: { accountType: 'user', accountId: artist.id, imageType: i < 4 ? 'portfolio' : 'flash' }, bytes: jpeg });
  }
  ctx.log('  artist profile /artist/jonah-park with 4 portfolio and 2 flash images');
}
