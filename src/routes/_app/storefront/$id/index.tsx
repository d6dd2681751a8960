import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../components/ComingSoon';

export const Route = createFileRoute('/_app/storefront/$id/')({
  component: () => <ComingSoon title="Storefront" />,
});
