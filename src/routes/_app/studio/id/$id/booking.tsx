import { createFileRoute } from '@tanstack/react-router';
import { StudioBookingNotFound, StudioBookingPage } from '../../../../../features/booking/BookingPage';
import { studioQuery } from '../../../../../features/studios/studioQuery';
export const Route = createFileRoute('/_app/studio/id/$id/booking')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(studioQuery(context.trpcUtils, { id: params.id })),
  errorComponent: StudioBookingNotFound,
  component: StudioBookingByIdRoute,
});

function StudioBookingByIdRoute() {
  const { id } = Route.useParams();
  return <StudioBookingPage studioHandle={{ id }} />;
}
