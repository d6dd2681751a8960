import { createFileRoute, useHydrated, useLocation } from '@tanstack/react-router';
import { AccountPage } from '../../../features/account/AccountPage';
import { loadAccountSections } from '../../../features/account/sections';

export const Route = createFileRoute('/_app/account/')({
  staticData: { serverRender: true },
  loader: ({ context }) => loadAccountSections(context),
  component: AccountIndex,
});

/**
 * /account opens Profile; /account#{section} opens that section when it is one of this user's. The
 * dashboard's Manage Artist Profile goes to /account as spec 1 §2 says, with #artist so that it
 * opens the artist's Artist Profile while Edit Profile (plain /account) still opens Profile.
 */
function AccountIndex() {
  const sections = Route.useLoaderData();
  const hash = useLocation({ select: (location) => location.hash });
  // The server never sees the hash: it renders Profile, the page is hydrated as such, and the
  // hash's section opens right after (a different first render would be a hydration mismatch).
  const hydrated = useHydrated();
  return <AccountPage section={(hydrated && sections.find((s) => s.key === hash)?.key) || 'profile'} />;
}
