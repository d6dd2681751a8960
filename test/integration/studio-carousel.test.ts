import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shops, shopUsers } from '../../server/db/schema';
import { trpcError } from '../support/client';
import { createUser, signIn } from '../support/factories';
import { useTestServer } from '../support/server';
import { studioInput } from '../support/studio-fixtures';

// Issue 26, item 5: the studio's useCarousel (spec 1 §3) is an owner setting on the manage page;
// the studio page reads it to show its galleries one image at a time.

const server = useTestServer();

async function signedIn(permissionsAt?: { shopId: string; manage: boolean }) {
  const user = await createUser({}, server.deps.db);
  const client = server.client();
  await signIn(client, user);
  if (permissionsAt)
    await server.deps.db
      .insert(shopUsers)
      .values({ shopId: permissionsAt.shopId, userId: user.id, permissions: { calendar: true, manage: permissionsAt.manage } });
  return client;
}

const savedCarousel = async (shopId: string) =>
  (await server.deps.db.select({ useCarousel: shops.useCarousel }).from(shops).where(eq(shops.id, shopId)))[0].useCarousel;

describe("a studio's Show Galleries as a Carousel setting (useCarousel)", () => {
  it('starts off, and the owner turns it on without touching the other switches or the hours', async () => {
    const owner = await signedIn();
    const studio = await owner.studio.create.mutate(studioInput({ name: 'Carousel Parlor', isBookable: true, useArtistsFlashes: true }));
    expect((await owner.studio.byId.query({ id: studio.id })).useCarousel).toBe(false);

    await owner.studio.update.mutate({ id: studio.id, useCarousel: true });

    expect(await owner.studio.byId.query({ id: studio.id })).toMatchObject({
      useCarousel: true,
      isBookable: true,
      lookingForGuest: true,
      useArtistsFlashes: true,
      hoursSummary: studio.hoursSummary,
    });
    expect(studio.hoursSummary).not.toBe('No hours set');
  });

  it('a member with manage may change it; a stranger or a member without manage gets FORBIDDEN and nothing changes', async () => {
    const owner = await signedIn();
    const studio = await owner.studio.create.mutate(studioInput({ name: 'Guarded Carousel' }));
    const stranger = await signedIn();
    const calendarOnly = await signedIn({ shopId: studio.id, manage: false });
    for (const refused of [stranger, calendarOnly]) {
      expect(await trpcError(refused.studio.update.mutate({ id: studio.id, useCarousel: true }))).toMatchObject({
        code: 'FORBIDDEN',
        message: 'Only the studio owner or its managers can do that',
      });
      expect(await savedCarousel(studio.id)).toBe(false);
    }
    const manager = await signedIn({ shopId: studio.id, manage: true });
    await expect(manager.studio.update.mutate({ id: studio.id, useCarousel: true })).resolves.toMatchObject({ useCarousel: true });
    expect(await savedCarousel(studio.id)).toBe(true);
  });

  it('a signed-out visitor cannot change it', async () => {
    const owner = await signedIn();
    const studio = await owner.studio.create.mutate(studioInput({ name: 'Signed Out Carousel' }));
    expect(await trpcError(server.client().studio.update.mutate({ id: studio.id, useCarousel: true }))).toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect(await savedCarousel(studio.id)).toBe(false);
  });
});
