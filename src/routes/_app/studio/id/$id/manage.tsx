import { createFileRoute } from '@tanstack/react-router';
import { ManageStudioPage } from '../../../../../features/studios/ManageStudioPage';

export const Route = createFileRoute('/_app/studio/id/$id/manage')({ component: RouteComponent });

function RouteComponent() {
  const { id } = Route.useParams();
  return <ManageStudioPage id={id} />;
}
