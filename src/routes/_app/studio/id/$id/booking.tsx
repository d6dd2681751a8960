import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../../components/ComingSoon';

export const Route = createFileRoute('/_app/studio/id/$id/booking')({
  component: () => <ComingSoon title="Book at this Studio" />,
});
