import { describe, expect, it } from 'vitest';
import { images } from '../../server/db/schema';
import { signedInUser } from '../support/payments-fixtures';
import { useTestServer } from '../support/server';

const server = useTestServer();

describe('message.list', () => {
  it('gives each photo its stored width and height, so the conversation can hold its place before it loads', async () => {
    const artist = await signedInUser(server);
    const client = await signedInUser(server);
    const { threadId } = await artist.client.thread.open.mutate({ userId: client.user.id });
    const sized = `/files/test/${threadId}/sized.jpg`;
    const unsized = `/files/test/${threadId}/unsized.jpg`;
    const owner = { accountId: artist.user.id, accountType: 'user' as const, imageType: 'reference' as const, uploadedBy: artist.user.id };
    await server.deps.db.insert(images).values([
      { url: sized, width: 1200, height: 900, ...owner },
      { url: unsized, ...owner },
    ]);
    await artist.client.message.send.mutate({ threadId, body: 'Two sketches', imageUrls: [sized, unsized] });
    const page = await client.client.message.list.query({ threadId });
    expect(page.items[0].attachments).toEqual([
      { type: 'image', url: sized, width: 1200, height: 900 },
      { type: 'image', url: unsized },
    ]);
  });
});
