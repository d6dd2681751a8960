import { createFileRoute } from '@tanstack/react-router';
import { StudioBookingNotFound, StudioBookingPage } from '../../../../features/booking/BookingPage';
import { studioQuery } from '../../../../features/studios/studioQuery';
export const Route = createFileRoute('/_app/studio/$slug/booking')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(studioQuery(context.trpcUtils, { slug: params.slug })),
  errorComponent: StudioBookingNotFound,
  component: StudioBookingRoute,
});

function StudioBookingRoute() {
  const { slug } = Route.useParams();
  return <StudioBookingPage studioHandle={{ slug }} />;
}
