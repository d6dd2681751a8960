import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../../../features/account/AccountPage';

export const Route = createFileRoute('/_app/account/$section')({ component: AccountSectionRoute });

function AccountSectionRoute() {
  const { section } = Route.useParams();
  return <AccountPage section={section} />;
}
