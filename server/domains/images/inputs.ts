import { z } from 'zod';
import { ACCOUNT_IMAGE_TYPES } from './rules';

export const uploadFieldsInput = z.object({
  accountType: z.enum(['user', 'shop'], { error: 'accountType must be user or shop' }),
  accountId: z.uuid({ error: 'accountId must be a user or studio id' }),
  imageType: z.enum(ACCOUNT_IMAGE_TYPES, { error: 'imageType must be portfolio, flash, reference, avatar or banner' }),
});

export const listImagesInput = z.object({
  accountId: z.uuid({ error: 'accountId must be a user or studio id' }),
  imageType: z.enum(ACCOUNT_IMAGE_TYPES).optional(),
  cursor: z.string().max(100).nullish(),
});

export const countImagesInput = z.object({
  accountId: z.uuid({ error: 'accountId must be a user or studio id' }),
  imageTypes: z.array(z.enum(ACCOUNT_IMAGE_TYPES)).min(1).max(5),
});

export const deleteImageInput = z.object({ url: z.string().min(1).max(500) });

export const studioGalleryInput = z.object({
  studioId: z.uuid({ error: 'Studio not found' }),
  imageType: z.enum(['portfolio', 'flash']),
  cursor: z.string().max(100).nullish(),
});
