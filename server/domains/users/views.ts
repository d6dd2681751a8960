import type { SessionUser } from '../../auth/sessions';

/** The signed-in user's own view of their profile (never the password hash or provider ids). */
export function toMe(user: SessionUser) {
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    photoUrl: user.photoUrl,
    socials: user.socials,
    userTypes: user.userTypes,
    googleLinked: user.googleLinked,
    followerCount: user.followerCount,
    followingCount: user.followingCount,
    city: user.city,
    state: user.state,
    bio: user.bio,
    hasStorefront: user.hasStorefront,
    /** Has a payout account (anyone paid through payment requests or sales): Account → Payments is theirs. */
    hasPayoutAccount: user.stripeConnectAccountId !== null,
    calendarIntegrations: user.calendarIntegrations,
    createdAt: user.createdAt,
  };
}
export type Me = ReturnType<typeof toMe>;

/** What anyone may see of a user. */
export function toPublicUser(user: SessionUser) {
  return {
    id: user.id,
    displayName: user.displayName,
    firstName: user.firstName,
    lastName: user.lastName,
    photoUrl: user.photoUrl,
    socials: user.socials,
    userTypes: user.userTypes,
    followerCount: user.followerCount,
    followingCount: user.followingCount,
    city: user.city,
    state: user.state,
    bio: user.bio,
    createdAt: user.createdAt,
  };
}
export type PublicUser = ReturnType<typeof toPublicUser>;
