import { and, eq } from 'drizzle-orm';
import { images, shops, shopUsers } from '../../../server/db/schema';
import { uploadImage } from '../../../server/domains/images/service';
import type { OpeningHours } from '../../../server/domains/studios/rules';
import { serviceCtxFor, toJpeg } from './artists';
import { bannerArt, PALETTES, randomSource } from './artwork';
import type { DemoSeedContext } from './index';

const day = (start: string, end: string) => ({ open: true, start, end });
const WEEK: OpeningHours = {
  tuesday: day('11:00', '19:00'),
  wednesday: day('11:00', '19:00'),
  thursday: day('11:00', '19:00'),
  friday: day('11:00', '20:00'),
  saturday: day('10:00', '18:00'),
};

const STUDIOS = [
  {
    urlSlug: 'iron-rose-tattoo',
    name: 'Iron Rose Tattoo',
    address: '1200 SE Division St',
    streetNumber: '1200',
    street: 'SE Division St',
    city: 'Portland',
    state: 'OR',
    zipCode: '97202',
    phone: '503-555-0100',
    description: 'Custom work, fine line and American traditional flash on Division Street. Walk-ins on Saturdays.',
    lookingForGuest: true,
    useArtistsPortfolios: true,
    useArtistsFlashes: true,
    quality: 8,
  },
  {
    urlSlug: 'black-anchor-collective',
    name: 'Black Anchor Collective',
    address: '1517 12th Ave',
    streetNumber: '1517',
    street: '12th Ave',
    city: 'Seattle',
    state: 'WA',
    zipCode: '98122',
    phone: '206-555-0100',
    description: 'A private studio for large-scale blackwork and Japanese pieces. By appointment.',
    lookingForResident: true,
    quality: 6,
  },
];

/**
 * Two studios owned by the demo owner, in Portland and in Seattle, each with a banner drawn at seed
 * time and uploaded through the real pipeline; the demo artist is a resident of the first and a
 * guest of the second. Their coordinates come from the app's geocoder (with no GEOCODER_URL, the
 * ZIP centroid), so "near me" on the demo orders them as it would a user's studios.
 */
export async function seedStudios(ctx: DemoSeedContext) {
  const { owner, artist } = ctx.users;
  const now = ctx.deps.clock.now();
  for (const [index, studio] of STUDIOS.entries()) {
    const [existing] = await ctx.deps.db.select({ id: shops.id }).from(shops).where(eq(shops.urlSlug, studio.urlSlug));
    const shopId =
      existing?.id ??
      (
        await ctx.deps.db
          .insert(shops)
          .values({
            ...studio,
            ...(await ctx.deps.geocoder.geocode({
              street: studio.address,
              city: studio.city,
              state: studio.state,
              zipCode: studio.zipCode,
            })),
            displayName: `@${studio.urlSlug}`,
            ownerId: owner.id,
            email: `hello@${studio.urlSlug}.demo`,
            openingHours: WEEK,
            isActive: true,
            isBookable: true,
            isVerified: index === 0,
            searchName: studio.name.toLowerCase(),
            searchCity: studio.city.toLowerCase(),
          })
          .returning({ id: shops.id })
      )[0].id;
    // A studio seeded by an older demo seed gets the showcase flags too.
    if (existing && 'useArtistsPortfolios' in studio) {
      await ctx.deps.db.update(shops).set({ useArtistsPortfolios: true, useArtistsFlashes: true }).where(eq(shops.id, shopId));
    }
    const members = [
      { userId: owner.id, shopUserType: 0 as const, permissions: { calendar: true, manage: true }, canManageStore: true, endDate: null },
      index === 0
        ? {
            userId: artist.id,
            shopUserType: 0 as const,
            permissions: { calendar: true, manage: false },
            canManageStore: false,
            endDate: null,
          }
        : {
            userId: artist.id,
            shopUserType: 1 as const,
            permissions: { calendar: true, manage: false },
            canManageStore: false,
            endDate: new Date(now.getTime() + 21 * 86_400_000),
          },
    ];
    const [banner] = await ctx.deps.db
      .select({ id: images.id })
      .from(images)
      .where(and(eq(images.accountId, shopId), eq(images.imageType, 'banner')))
      .limit(1);
    if (!banner) {
      const bytes = await toJpeg(bannerArt(randomSource(500 + index), PALETTES[index === 0 ? 0 : 3]));
      await uploadImage({
        ctx: await serviceCtxFor(ctx, owner.id),
        fields: { accountType: 'shop', accountId: shopId, imageType: 'banner' },
        bytes,
      });
    }
    for (const member of members) {
      const [has] = await ctx.deps.db
        .select({ id: shopUsers.id })
        .from(shopUsers)
        .where(and(eq(shopUsers.shopId, shopId), eq(shopUsers.userId, member.userId)));
      if (!has) await ctx.deps.db.insert(shopUsers).values({ ...member, shopId, startDate: new Date(now.getTime() - 30 * 86_400_000) });
    }
  }
  ctx.log(
    `  ${STUDIOS.length} studios in ${STUDIOS.map((s) => `${s.city}, ${s.state}`).join('; ')} (owner ${owner.displayName}, artist ${artist.displayName})`,
  );
}
