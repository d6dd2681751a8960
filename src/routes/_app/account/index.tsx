import { createFileRoute, useLocation } from '@tanstack/react-router';
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
  return <AccountPage section={sections.find((s) => s.key === hash)?.key ?? 'profile'} />;
}
