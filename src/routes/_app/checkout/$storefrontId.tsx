import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../components/ComingSoon';

export const Route = createFileRoute('/_app/checkout/$storefrontId')({
  component: () => <ComingSoon title="Checkout" />,
});
