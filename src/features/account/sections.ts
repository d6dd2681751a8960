import type { TrpcUtils } from '../../trpc';
import { isArtist, type Me } from '../auth/useAuth';

/** Who an account section is for: everyone, artists, or people who are paid (artists, studio owners, sellers, payout account holders). */
type Audience = 'everyone' | 'artist' | 'paid';

/** Account settings sections, in tab order, each shown only to the people it is for. */
export const ACCOUNT_SECTIONS = [
  { key: 'profile', label: 'Profile', for: 'everyone' },
  { key: 'security', label: 'Security', for: 'everyone' },
  { key: 'artist', label: 'Artist Profile', for: 'artist' },
  { key: 'booking', label: 'Booking', for: 'artist' },
  { key: 'notifications', label: 'Notifications', for: 'everyone' },
  { key: 'storefront', label: 'Storefront', for: 'everyone' },
  { key: 'billing', label: 'Billing', for: 'everyone' },
  { key: 'payments', label: 'Payments', for: 'paid' },
] as const satisfies ReadonlyArray<{ key: string; label: string; for: Audience }>;

export type AccountSection = (typeof ACCOUNT_SECTIONS)[number];

/** What the sections need to know about the signed-in user. */
export type AccountRoles = { artist: boolean; studioOwner: boolean; seller: boolean };

export function accountRoles(me: Me, studios: ReadonlyArray<{ ownerId: string | null }>): AccountRoles {
  return {
    artist: isArtist(me),
    studioOwner: me.userTypes.includes('studio') || me.userTypes.includes('Owner') || studios.some((s) => s.ownerId === me.id),
    seller: me.hasStorefront || me.hasPayoutAccount,
  };
}

export function sectionsFor(roles: AccountRoles): AccountSection[] {
  return ACCOUNT_SECTIONS.filter(
    (s) =>
      s.for === 'everyone' ||
      (s.for === 'artist' && roles.artist) ||
      (s.for === 'paid' && (roles.artist || roles.studioOwner || roles.seller)),
  );
}

/** For route loaders: the sections the signed-in user may open (their studios are loaded for the page too). */
export async function loadAccountSections(context: { me: Me | null; trpcUtils: TrpcUtils }) {
  // Never null here: only public pages (decision 034) are let through the `_app` layout signed out.
  if (!context.me) return [];
  const studios = await context.trpcUtils.studio.mine.ensureData();
  return sectionsFor(accountRoles(context.me, studios));
}
