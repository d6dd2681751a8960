import type { TestClient } from './client';
import { createUser, signIn } from './factories';
import type { TestServer } from './server';

/** A signed-in user with their own tRPC client. */
export async function signedInUser(server: TestServer, overrides: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser(overrides, server.deps.db);
  const client = server.client();
  await signIn(client, user);
  return { user, client };
}

/** Creates the user's payout account and, in local mode, completes its onboarding: they can be paid. */
export async function readyToReceive(client: TestClient) {
  const account = await client.connect.createAccount.mutate();
  if (!account.accountId) throw new Error('expected an account');
  return client.connect.completeLocalOnboarding.mutate({ accountId: account.accountId });
}

/**
 * An artist who can receive payments and a client with the local test card saved, in one
 * conversation: the cast of every payment request test.
 */
export async function paymentRequestCast(server: TestServer, options: { artistReady?: boolean } = {}) {
  const artist = await signedInUser(server, { firstName: 'Ada', lastName: 'Ink' });
  const payer = await signedInUser(server, { firstName: 'Cleo', lastName: 'Client' });
  if (options.artistReady !== false) await readyToReceive(artist.client);
  await payer.client.payment.addMethod.mutate({ paymentMethodId: 'pm_card_visa' });
  const { threadId } = await artist.client.thread.open.mutate({ userId: payer.user.id });
  const request = (overrides: Record<string, unknown> = {}) =>
    artist.client.paymentRequest.create.mutate({ payeeId: payer.user.id, amount: 10_000, description: 'Sleeve session deposit', threadId, ...overrides });
  return { artist, payer, threadId, request };
}
