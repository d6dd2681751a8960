import { eq } from 'drizzle-orm';
import { type AccountType, images } from '../../db/schema';
import { requireUser, type ServiceCtx } from '../../service-context';
import { LOCAL_FILES_PREFIX } from '../../providers/storage';
import { isRequestPhotoOf } from '../booking/access';
import { isPhotoSentTo } from '../messaging/access';
import { canManageShop } from '../studios/access';
import { type ImageVisibility, mainKeyOf } from './rules';

// Who sees an image (DESIGN rule 15): a public one everyone; a private one (a photo sent in a
// conversation or attached to a booking request) its owner and the parties it was sent to.

/** The account is the caller's own (their user id, or a studio they manage); a known user account asks no more. */
async function ownsAccount(ctx: ServiceCtx, accountId: string, accountType?: AccountType) {
  const me = requireUser(ctx);
  if (accountId === me.id) return true;
  return accountType !== 'user' && (await canManageShop(ctx.db, me.id, accountId, ctx.deps.clock.now()));
}

/** The filter of a list or count of an account's images: all for its owner, else (a signed-out caller too) the public ones. */
export const visibleTo = async (ctx: ServiceCtx, accountId: string) =>
  ctx.user && (await ownsAccount(ctx, accountId)) ? undefined : eq(images.visibility, 'public');

/**
 * Whether the stored file `key` (an image or one of its variants) may be sent to the caller, and
 * under which rule; null when it may not or there is no such image, so the route answers the
 * same 404 either way and never confirms that a private photo exists.
 */
export async function fileVisibilityFor(ctx: ServiceCtx, key: string): Promise<ImageVisibility | null> {
  const [image] = await ctx.db
    .select({ id: images.id, url: images.url, visibility: images.visibility, accountId: images.accountId, accountType: images.accountType, uploadedBy: images.uploadedBy, variants: images.variants })
    .from(images)
    .where(eq(images.url, `${LOCAL_FILES_PREFIX}${mainKeyOf(key)}`))
    .limit(1);
  const isItsFile = image && (image.url === `${LOCAL_FILES_PREFIX}${key}` || image.variants.some((v) => v.url === `${LOCAL_FILES_PREFIX}${key}`));
  if (!image || !isItsFile) return null;
  if (image.visibility === 'public') return 'public';
  if (!ctx.user) return null;
  const party =
    image.uploadedBy === ctx.user.id ||
    (await ownsAccount(ctx, image.accountId, image.accountType)) ||
    (await isPhotoSentTo(ctx, image.url)) ||
    (await isRequestPhotoOf(ctx, image.id));
  return party ? 'private' : null;
}
