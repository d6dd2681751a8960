import { createFileRoute, notFound } from '@tanstack/react-router';
import { NotFound } from '../../../components/NotFound';
import { AccountPage } from '../../../features/account/AccountPage';
import { loadAccountSections } from '../../../features/account/sections';

export const Route = createFileRoute('/_app/account/$section')({
  staticData: { serverRender: true },
  // A section that does not exist, or is not for this user, is the app's not-found page.
  loader: async ({ context, params }) => {
    const section = (await loadAccountSections(context)).find((s) => s.key === params.section);
    if (!section) throw notFound();
    return { section: section.key };
  },
  notFoundComponent: NotFound,
  component: AccountSectionRoute,
});

function AccountSectionRoute() {
  const { section } = Route.useLoaderData();
  return <AccountPage section={section} />;
}
