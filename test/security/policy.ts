// Every procedure of the appRouter must be classified exactly once: in one of these lists, in
// the ownership table (test/security/ownership.ts: procedures taking an id of someone's data, with
// how to build that data), or as an admin procedure (built on adminProcedure; found by the suite).
// The suite fails when a procedure is added without being classified, so nobody can forget its
// authorization.

/** Callable without a session. */
export const PUBLIC = [
  'auth.me',
  'auth.providers',
  'auth.register',
  'auth.login',
  'auth.logout',
  'auth.requestPasswordReset',
  'auth.resetPassword',
  // The e-mailed one-time sign-in link (issue 18: unlock a throttled account, continue after registering).
  'auth.requestSignInLink',
  'auth.signInWithLink',
  'user.byId',
  'user.isDisplayNameAvailable',
  'contact.send',
  'blog.list',
  'blog.bySlug',
  // The plans on sale and which card form to show.
  'payment.plans',
  'payment.config',
  // Public so a signed-out call gets the spec's own message ('User must be logged in to create a studio').
  'studio.create',
  // The VAPID public key browsers subscribe with.
  'push.publicKey',
  // The marketplace: public storefronts and their active products (drafts stay with managers).
  'storefront.list',
  'storefront.byId',
  'product.byId',
  'product.search',
  'product.featured',
  'product.checkAvailability',
  // Public pages (decision 034): artist profiles and studio pages, read-only, with the reads they
  // make. Their answers carry nothing private (test/integration/public-pages.test.ts); hidden and
  // deleted records are not found. The listings (artist.search, studio.search) stay signed-in.
  'artist.bySlug',
  'artist.byId',
  'studio.byId',
  'studio.bySlug',
  'image.studioGallery',
  'booking.services',
  // An artist's or a studio's Shop section and the landing page's featured rows (issue 20): public data only.
  'product.showcase',
  'discovery.featured',
];

/**
 * Callable without a session AND in the ownership table: the public pages' galleries (decision
 * 034) list an account's public images to anyone, its private photos only to their owner (decision
 * 018); the ownership suite checks that neither a stranger nor a signed-out caller sees them.
 */
export const PUBLIC_SCOPED = ['image.list', 'image.counts'];

/** Signed-in only, and they act on the caller's own data (no id of anyone else is taken). */
export const SELF_ONLY = [
  'auth.changePassword',
  'auth.sessions',
  'auth.revokeOtherSessions',
  'auth.linkGoogle',
  // Whether the caller's own session is their first visit (the home page's greeting).
  'auth.firstVisit',
  'user.update',
  'user.addCalendarIntegration',
  'user.updateCalendarIntegration',
  'user.removeCalendarIntegration',
  'user.hasActiveCalendarIntegration',
  'studio.mine',
  // The Studio features of the caller's own studios (decision 042).
  'studio.myEntitlements',
  'storefront.mine',
  // A buyer's own orders; checkout buys from a public storefront for the caller.
  'order.mine',
  'order.checkout',
  'artist.mine',
  'artist.saveMine',
  'artist.follow',
  'artist.unfollow',
  'notification.list',
  'notification.unseenCounts',
  'notification.markAllSeen',
  'notification.preferences',
  'notification.updatePreferences',
  // This browser's push subscription, stored for the caller and their session.
  'push.status',
  'push.register',
  'push.refresh',
  // Opening a conversation with someone is what it is for.
  'thread.open',
  // The signed-in user's own event stream (subscription).
  'live.onEvent',
  // The caller's own subscriptions, saved cards, payment history and payout account.
  'payment.subscriptions',
  // The caller's own plans and the features they unlock (decision 042).
  'payment.entitlements',
  'payment.methods',
  'payment.addMethod',
  'payment.history',
  // Local mode's 3-D Secure challenge (decision 040): the intent's client secret, given only to the
  // payer's browser in the answer to their own payment, is the capability, as Stripe's is for
  // handleNextAction; a wrong one is refused (test/integration/payments-3ds.test.ts).
  'payment.answerLocalChallenge',
  'connect.status',
  'connect.createAccount',
  'connect.onboardingLink',
  'connect.balance',
  'connect.payout',
  'connect.payouts',
  // The artist's own booking settings and time off.
  'booking.settings',
  'booking.saveSettings',
  'booking.addTimeOff',
  // Sending a booking request to an artist is what it is for; the list is the caller's own.
  'booking.createRequest',
  'booking.requests',
  // How many requests the caller has sent and received (the /calendar tabs).
  'booking.requestCounts',
  // The caller's own private calendar feed.
  'calendar.feed',
  'calendar.createFeed',
  'calendar.revokeFeed',
  // The caller's own Google Calendar connection; the id is looked up among the caller's integrations only.
  'calendar.google',
  'calendar.disconnectGoogle',
];

/** Signed-in reads of data every member may see (the artist and studio listings, spec 1 §6). */
export const SIGNED_IN_READS = ['studio.search', 'studio.isHandleAvailable', 'artist.search'];
