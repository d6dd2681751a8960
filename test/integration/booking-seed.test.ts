import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedAccounts } from '../../scripts/seed/demo/accounts';
import { seedArtists } from '../../scripts/seed/demo/artists';
import { seedBooking } from '../../scripts/seed/demo/booking';
import type { DemoSeedContext } from '../../scripts/seed/demo/index';
import { seedPayments } from '../../scripts/seed/demo/payments';
import { seedStudios } from '../../scripts/seed/demo/studios';
import { artistBookingSettings, bookingRequests, bookingServices, bookings } from '../../server/db/schema';
import { useTestServer } from '../support/server';

const server = useTestServer();

describe('demo seed: booking', () => {
  it('gives the artist settings and services, the client requests in each state and a confirmed session with a paid deposit, once', async () => {
    const ctx = { deps: server.deps, log: () => {}, accounts: [] } as unknown as DemoSeedContext;
    ctx.users = await seedAccounts(ctx);
    await seedStudios(ctx);
    await seedArtists(ctx);
    await seedPayments(ctx);
    await seedBooking(ctx);
    await seedBooking(ctx); // idempotent

    const { artist, client } = ctx.users;
    const [settings] = await server.deps.db.select().from(artistBookingSettings).where(eq(artistBookingSettings.artistId, artist.id));
    expect(settings).toMatchObject({ depositPolicy: 'fixed', depositFixedCents: 5_000, confirmationMode: 'automatic' });
    const services = await server.deps.db.select().from(bookingServices).where(eq(bookingServices.artistId, artist.id));
    expect(services.map((s) => `${s.kind}:${s.durationMinutes}:${s.price}`).sort()).toEqual([
      'consultation:30:null',
      'flash:90:15000',
      'session:240:null',
    ]);
    expect(services.find((s) => s.kind === 'flash')?.flashImageId).not.toBeNull();
    const requests = await server.deps.db.select().from(bookingRequests).where(eq(bookingRequests.clientId, client.id));
    expect(requests.map((r) => r.status).sort()).toEqual(['declined', 'pending', 'question', 'scheduled']);
    const sessions = await server.deps.db.select().from(bookings).where(eq(bookings.clientId, client.id));
    expect(sessions).toMatchObject([{ status: 'confirmed', deposit: 5_000, depositStatus: 'paid', artistId: artist.id }]);
    expect(sessions[0].startsAt.getTime()).toBeGreaterThan(server.clock.now().getTime());
  });
});
