import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../../../features/account/AccountPage';
import { loadAccountSections } from '../../../features/account/sections';

export const Route = createFileRoute('/_app/account/')({
  loader: ({ context }) => loadAccountSections(context),
  component: () => <AccountPage section="profile" />,
});
