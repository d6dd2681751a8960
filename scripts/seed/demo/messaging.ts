import { eq } from 'drizzle-orm';
import { threads, users } from '../../../server/db/schema';
import { openThread, sendMessage } from '../../../server/domains/messaging/service';
import type { DemoSeedContext } from './index';

const CONVERSATION: Array<['client' | 'artist', string]> = [
  ['client', 'Hi Jonah! I love your botanical flash. Could you do a fine-line fern along my forearm?'],
  ['artist', 'Thanks Maya! Yes — roughly how long, and is this your first tattoo?'],
  ['client', 'About 6 inches. Second one! I have a small moon on my ankle.'],
  ['artist', 'Perfect. Fine-line ferns heal beautifully there. I have openings next month at Iron Rose.'],
];

/** A conversation between the demo client and artist (through the real service, so it notifies). */
export async function seedMessaging(ctx: DemoSeedContext) {
  const { client, artist } = ctx.users;
  const load = async (id: string) => (await ctx.deps.db.select().from(users).where(eq(users.id, id)))[0];
  const asClient = { db: ctx.deps.db, user: await load(client.id), deps: ctx.deps };
  const asArtist = { db: ctx.deps.db, user: await load(artist.id), deps: ctx.deps };
  const { threadId, created } = await openThread({ ctx: asClient, input: { userId: artist.id } });
  if (!created) return;
  for (const [from, body] of CONVERSATION) {
    await sendMessage({ ctx: from === 'client' ? asClient : asArtist, input: { threadId, body, imageUrls: [] } });
  }
  await ctx.deps.db
    .update(threads)
    .set({ lastMessagePreview: CONVERSATION[CONVERSATION.length - 1][1] })
    .where(eq(threads.id, threadId));
  ctx.log(`  a ${CONVERSATION.length}-message conversation between ${client.displayName} and ${artist.displayName}`);
}
