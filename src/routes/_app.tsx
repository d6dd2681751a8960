import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';

/** Signed-in areas: a signed-out visitor is sent to /login and brought back afterwards. */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    const me = await context.trpcUtils.auth.me.ensureData();
    if (!me) throw redirect({ to: '/login', search: { redirect: location.href } });
    return { me };
  },
  component: Outlet,
});
