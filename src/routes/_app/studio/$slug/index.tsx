import { createFileRoute } from '@tanstack/react-router';
import { StudioPage } from '../../../../features/studios/StudioPage';

export const Route = createFileRoute('/_app/studio/$slug/')({ component: RouteComponent });

function RouteComponent() {
  const { slug } = Route.useParams();
  return <StudioPage slug={slug} />;
}
