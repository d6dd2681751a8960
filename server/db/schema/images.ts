import { index, integer, jsonb, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';

/** Whose account an image or a storefront belongs to: a user or a shop (studio). */
export const ACCOUNT_TYPE_VALUES = ['user', 'shop'] as const;
export type AccountType = (typeof ACCOUNT_TYPE_VALUES)[number];
export const accountType = pgEnum('account_type', ACCOUNT_TYPE_VALUES);

export const IMAGE_TYPE_VALUES = ['portfolio', 'flash', 'reference', 'avatar', 'banner', 'product'] as const;
export type ImageType = (typeof IMAGE_TYPE_VALUES)[number];
export const imageType = pgEnum('image_type', IMAGE_TYPE_VALUES);

/**
 * Who may see an image: everyone (portfolio, flash, avatar, banner) or only the parties of the
 * conversation or booking request it was sent in (photos attached to messages and requests).
 */
export const IMAGE_VISIBILITY_VALUES = ['public', 'private'] as const;
export type ImageVisibility = (typeof IMAGE_VISIBILITY_VALUES)[number];
export const imageVisibility = pgEnum('image_visibility', IMAGE_VISIBILITY_VALUES);

/** A resized copy; `size` is a label such as '100', '300', '600' or '500x156'. */
export type ImageVariant = { size: string; url: string; width: number; height: number };

export const images = pgTable(
  'images',
  {
    id: id(),
    url: text().notNull(),
    /** A user id or a shop id (see accountType); no foreign key for that reason. */
    accountId: uuid().notNull(),
    accountType: accountType().notNull(),
    imageType: imageType().notNull(),
    /** Checked where the image is listed and where its file is served (DESIGN rule 15). */
    visibility: imageVisibility().notNull().default('public'),
    /** Key in the storage provider (local disk path or S3 key). */
    storageKey: text(),
    width: integer(),
    height: integer(),
    bytes: integer(),
    variants: jsonb().$type<ImageVariant[]>().notNull().default([]),
    uploadedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('images_account_type_created_idx').on(t.accountId, t.imageType, t.createdAt.desc().nullsFirst()),
    index('images_url_idx').on(t.url),
  ],
);
