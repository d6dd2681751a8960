import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { trpcError } from '../support/client';
import { paymentRequestCast, signedInUser } from '../support/payments-fixtures';
import { useTestServer } from '../support/server';

// The pay dialog names who receives the money (decision 043): paymentRequest.byId carries the
// requester's name, to the request's two parties only.

const server = useTestServer();

describe('paymentRequest.byId names the requester', () => {
  it("gives both parties the requester's name; anyone else still gets NOT_FOUND", async () => {
    const { artist, payer, request } = await paymentRequestCast(server);
    const created = await request();
    // Distinct names, so the requester's cannot be mistaken for the payee's.
    await server.deps.db.update(users).set({ firstName: 'Rosa', lastName: 'Vega' }).where(eq(users.id, artist.user.id));
    await server.deps.db.update(users).set({ firstName: '', lastName: '', displayName: 'theo' }).where(eq(users.id, payer.user.id));
    for (const party of [payer, artist]) {
      expect(await party.client.paymentRequest.byId.query({ paymentRequestId: created.id })).toMatchObject({
        id: created.id,
        requesterName: 'Rosa Vega',
      });
    }
    const stranger = await signedInUser(server);
    expect(await trpcError(stranger.client.paymentRequest.byId.query({ paymentRequestId: created.id }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Payment request not found',
    });
  });
});
