import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../../components/ComingSoon';

export const Route = createFileRoute('/_app/manage/storefront/$storefrontId/settings')({
  component: () => <ComingSoon title="Storefront Settings" />,
});
