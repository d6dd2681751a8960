import { z } from 'zod';
import { TATTOO_STYLES } from '../../db/schema/studio-values';

const optionalText = (label: string, max: number) => z.string().trim().max(max, `${label} must be at most ${max} characters`).optional();

/** /account/artist: the artist profile behind the dashboard's Manage Artist Profile. */
export const saveArtistProfileInput = z.object({
  name: z
    .string({ error: 'Artist name is required' })
    .trim()
    .min(1, 'Artist name is required')
    .max(80, 'Artist name must be at most 80 characters'),
  urlSlug: z
    .string({ error: 'Profile URL is required' })
    .trim()
    .transform((s) => s.replace(/^@/, '').toLowerCase())
    .pipe(z.string().regex(/^[a-z0-9][a-z0-9-]{1,59}$/, 'Profile URL must be 2 to 60 letters, numbers or hyphens')),
  bio: optionalText('Bio', 2000),
  city: optionalText('City', 80),
  state: optionalText('State', 40),
  tattooStyles: z
    .array(z.enum(TATTOO_STYLES, { error: 'Unknown tattoo style' }))
    .max(34)
    .default([]),
  socials: z
    .object({
      website: optionalText('Website', 200),
      instagram: optionalText('Instagram', 200),
      facebook: optionalText('Facebook', 200),
      tiktok: optionalText('TikTok', 200),
    })
    .default({}),
});

export const ARTIST_PAGE_SIZE = 20;
export const artistSearchInput = z
  .object({
    query: z.string().trim().max(80, 'Search must be at most 80 characters').default(''),
    styles: z.array(z.enum(TATTOO_STYLES)).max(34).default([]),
    /** true: only artists taking bookings now; absent: everyone. */
    booksOpen: z.boolean().optional(),
    cursor: z.number().int().min(0).max(10_000).nullish(),
  })
  .default({ query: '', styles: [] });

export const artistSlugInput = z.object({ slug: z.string().trim().min(1, 'Artist not found').max(100, 'Artist not found') });
export const artistIdInput = z.object({ id: z.uuid({ error: 'Artist not found' }) });
export const followInput = z.object({ userId: z.uuid({ error: 'User not found' }) });
