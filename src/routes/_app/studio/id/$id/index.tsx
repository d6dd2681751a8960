import { createFileRoute } from '@tanstack/react-router';
import { StudioPage } from '../../../../../features/studios/StudioPage';

export const Route = createFileRoute('/_app/studio/id/$id/')({ component: RouteComponent });

function RouteComponent() {
  const { id } = Route.useParams();
  return <StudioPage id={id} />;
}
