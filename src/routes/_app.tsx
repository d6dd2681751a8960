import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';

/**
 * Signed-in areas: a signed-out visitor is sent to /login and brought back afterwards, except on a
 * page flagged `staticData.publicPage` (artist and studio pages, decision 034), which they read
 * signed out (`me` null).
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location, matches }) => {
    const me = await context.trpcUtils.auth.me.ensureData();
    if (me) return { me };
    if (matches.at(-1)?.staticData.publicPage) return { me: null };
    throw redirect({ to: '/login', search: { redirect: location.href } });
  },
  component: Outlet,
});
