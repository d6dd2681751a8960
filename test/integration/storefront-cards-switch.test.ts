import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { connectAccounts } from '../../server/db/schema';
import { STOREFRONT_PAYOUT_MESSAGES } from '../../server/domains/storefronts/payout-account';
import { trpcError } from '../support/client';
import { newStudio, person, readyToReceive, sellerWithStorefront, studioWithStorefront } from '../support/commerce-fixtures';
import { useTestServer } from '../support/server';

// Decision 038 at the storefront settings: "Accept payments" cannot be switched on while the
// storefront's payout account is not active; the refusal writes nothing. A new storefront starts
// with cards on only when its payout holder's account is already active.

const server = useTestServer();

describe('switching card payments on needs an active payout account (decision 038)', () => {
  it('a new storefront starts with cards off without an active payout account, on with one; asking for them on is refused', async () => {
    const unpaid = await sellerWithStorefront(server, {}, { payouts: false });
    expect(unpaid.storefront.settings.acceptsPayments).toBe(false);
    expect((await unpaid.client.storefront.byId.query({ storefrontId: unpaid.storefront.id })).takesCards).toBe(false);
    const paid = await sellerWithStorefront(server);
    expect(paid.storefront.settings.acceptsPayments).toBe(true);
    // An unfinished account is not enough; an explicit "on" is the switch-on refusal and creates nothing.
    const eager = await person(server);
    await eager.client.connect.createAccount.mutate();
    const create = (settings: { acceptsPayments?: boolean }) => eager.client.storefront.create.mutate({ name: 'Eager', settings });
    expect(await trpcError(create({ acceptsPayments: true }))).toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: STOREFRONT_PAYOUT_MESSAGES.payoutsNeeded,
    });
    expect(await eager.client.storefront.mine.query()).toEqual([]);
    expect((await create({})).settings.acceptsPayments).toBe(false);
  });

  it("a new studio storefront follows the studio owner's payout account", async () => {
    const { owner } = await studioWithStorefront(server);
    const studio = await newStudio(owner.client, `Second ${owner.user.id.slice(0, 8)}`);
    // The owner's account is active (the fixture): the studio's new storefront starts accepting cards.
    const open = await owner.client.storefront.create.mutate({ ownerType: 'shop', ownerId: studio.id, name: 'Second store' });
    expect(open.settings.acceptsPayments).toBe(true);
    // Once the owner's account is restricted, another studio of theirs starts with cards off.
    await server.deps.db.update(connectAccounts).set({ status: 'restricted' }).where(eq(connectAccounts.userId, owner.user.id));
    const third = await newStudio(owner.client, `Third ${owner.user.id.slice(0, 8)}`);
    const closed = await owner.client.storefront.create.mutate({ ownerType: 'shop', ownerId: third.id, name: 'Third store' });
    expect(closed.settings.acceptsPayments).toBe(false);
  });

  it('refuses the switch without an account, and with an unfinished one; accepts it once payouts are set up', async () => {
    const seller = await sellerWithStorefront(server, { acceptsPayments: false }, { payouts: false });
    const storefrontId = seller.storefront.id;
    const switchOn = () =>
      seller.client.storefront.updateSettings.mutate({ storefrontId, name: 'Renamed', settings: { acceptsPayments: true } });
    const refusal = { code: 'PRECONDITION_FAILED', message: STOREFRONT_PAYOUT_MESSAGES.payoutsNeeded };
    expect(await trpcError(switchOn())).toMatchObject(refusal);
    await seller.client.connect.createAccount.mutate();
    expect(await trpcError(switchOn())).toMatchObject(refusal);
    // Nothing of the refused save was written, the name included.
    const stored = await seller.client.storefront.byId.query({ storefrontId });
    expect(stored).toMatchObject({ name: seller.storefront.name, settings: { acceptsPayments: false }, takesCards: false });
    // Other settings still save while cards stay off.
    await seller.client.storefront.updateSettings.mutate({ storefrontId, settings: { acceptsPayments: false, taxRate: 5 } });
    await readyToReceive(seller.client);
    expect(await switchOn()).toMatchObject({ name: 'Renamed', settings: { acceptsPayments: true } });
    expect((await seller.client.storefront.byId.query({ storefrontId })).takesCards).toBe(true);
  });

  it("a studio's store manager cannot switch cards on until the studio owner's account is active", async () => {
    const { owner, manager, storefront } = await studioWithStorefront(server);
    await owner.client.storefront.updateSettings.mutate({ storefrontId: storefront.id, settings: { acceptsPayments: false } });
    // The owner's account is active (the fixture): the manager may switch cards back on.
    expect(
      await manager.client.storefront.updateSettings.mutate({ storefrontId: storefront.id, settings: { acceptsPayments: true } }),
    ).toMatchObject({ settings: { acceptsPayments: true } });
    // The manager's own payout account does not count for the studio's storefront.
    const other = await studioWithStorefront(server);
    await other.owner.client.storefront.updateSettings.mutate({ storefrontId: other.storefront.id, settings: { acceptsPayments: false } });
    // The studio owner's account stops being active (as a provider refresh would store it).
    await server.deps.db.update(connectAccounts).set({ status: 'restricted' }).where(eq(connectAccounts.userId, other.owner.user.id));
    await readyToReceive(other.manager.client);
    expect(
      await trpcError(
        other.manager.client.storefront.updateSettings.mutate({ storefrontId: other.storefront.id, settings: { acceptsPayments: true } }),
      ),
    ).toMatchObject({ code: 'PRECONDITION_FAILED', message: STOREFRONT_PAYOUT_MESSAGES.payoutsNeeded });
  });
});
