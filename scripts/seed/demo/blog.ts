import { eq } from 'drizzle-orm';
import { blogs } from '../../../server/db/schema';
import { createBlog } from '../../../server/domains/blog/admin';
import { blogFormInput } from '../../../server/domains/blog/inputs';
import { serviceCtxFor } from './artists';
import type { DemoSeedContext } from './index';

type Post = { title: string; excerpt: string; category: string; tags: string[]; featured?: boolean; content: string };

/** A few short, real-reading posts, written by the demo admin through the blog service. */
export const DEMO_POSTS: Post[] = [
  {
    title: 'Your first tattoo: what to expect on the day',
    excerpt:
      'From the consultation to the last wipe of balm: a short walk through a first appointment, so nothing on the day is a surprise.',
    category: 'Guides',
    tags: ['first tattoo', 'booking'],
    featured: true,
    content: `Booking a first tattoo is exciting and a little nerve-wracking. Here is how a typical appointment goes, so you know what to expect.

## Before the day

Send your artist a message with your idea, the placement and a rough size. Reference photos help more than long descriptions. Most artists ask for a deposit to hold the date; it comes off the final price.

Eat a proper meal beforehand, sleep well and skip alcohol the night before. Wear clothes that give easy access to the spot being tattooed.

## At the studio

Your artist will show you the stencil and place it on your skin. This is the moment to speak up: moving it a centimetre now is easy. Once you are both happy, the tattooing starts. Small pieces take under an hour; take breaks when you need them.

## Afterwards

Your artist wraps the tattoo and explains aftercare. Follow their instructions rather than a friend's: every studio has a routine that works for its inks and wraps.`,
  },
  {
    title: 'Aftercare in two weeks: a day-by-day guide',
    excerpt: 'Healing is half of a good tattoo. What to do in the first days, what itching means, and when you can swim again.',
    category: 'Aftercare',
    tags: ['aftercare', 'healing'],
    content: `A tattoo is a healing wound for the first couple of weeks. Treat it gently and it will stay crisp for years.

## Days 1 to 3

Leave the wrap on for as long as your artist said. Wash the tattoo with lukewarm water and unscented soap, pat it dry with a clean paper towel and apply a thin layer of balm. Thin is the key word: the skin needs to breathe.

## Days 4 to 10

The tattoo will flake and itch. Do not scratch or pick; tap it lightly instead. Keep moisturising two or three times a day.

## Days 10 to 14

Most of the flaking is done. Keep it out of the sun and out of pools, the sea and baths until it is fully healed, usually two to four weeks. After that, sunscreen is the best thing you can do for your tattoo.

If something looks wrong (heat, swelling that grows, pus), call your artist and see a doctor.`,
  },
  {
    title: 'Flash or custom? Choosing the right piece',
    excerpt: 'Flash is ready to tattoo today; custom work is drawn for you. How to decide, and how to ask an artist for either.',
    category: 'Inspiration',
    tags: ['flash', 'custom', 'design'],
    content: `Browse any artist's profile on InkLink and you will see two kinds of work: flash and portfolio pieces.

## Flash

Flash designs are drawn in advance, often as sheets of small motifs: swallows, daggers, roses, moons. They are usually priced up front and can often be tattooed the same week, sometimes as a walk-in. Many artists tattoo each flash design only once.

## Custom

A custom piece is drawn for you from your idea. It needs a consultation, a deposit and time for the artist to draw, and it costs more, but it fits your body and your story.

## How to ask

For flash, send the artist a message naming the design and the placement. For custom work, describe the idea, share a few reference images and say how big you want it. A clear first message gets a faster, more accurate quote.`,
  },
  {
    title: 'How studios on InkLink share their residents\u2019 work',
    excerpt: 'A studio page can show the portfolios and flash of the artists who work there. Here is how it works for studio owners.',
    category: 'Studios',
    tags: ['studios', 'portfolio'],
    content: `A studio is its artists. On InkLink, a studio page can show its own gallery, or the portfolios and flash sheets of the resident artists who work there.

## For studio owners

On the manage page, choose whether the studio shows its own portfolio or its artists' portfolios, and the same for flash. When the artists' work is shown, every new piece a resident uploads appears on the studio page too, with no extra work.

## For artists

Upload to your own profile as usual. When you join a studio as a resident, your work appears on the studio page while your membership is active; guest artists show on their own profiles.

## For collectors

Browse a studio, find a style you like and message the artist directly from their profile.`,
  },
];

export async function seedBlog(ctx: DemoSeedContext) {
  const [existing] = await ctx.deps.db.select({ id: blogs.id }).from(blogs).limit(1);
  if (existing) return;
  const asAdmin = await serviceCtxFor(ctx, ctx.users.admin.id);
  // Published a week or so apart, the first post the newest (the service stamps "now"; a blog a
  // newcomer reads has a history).
  const now = ctx.deps.clock.now().getTime();
  for (const [index, post] of DEMO_POSTS.entries()) {
    const row = await createBlog({ ctx: asAdmin, input: blogFormInput.parse({ ...post, status: 'published' }) });
    const at = new Date(now - index * 9 * 86_400_000);
    await ctx.deps.db.update(blogs).set({ publishedAt: at, createdAt: at, updatedAt: at }).where(eq(blogs.id, row.id));
  }
  ctx.log(`  ${DEMO_POSTS.length} published blog posts at /blog`);
}
