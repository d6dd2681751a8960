import { createFileRoute } from '@tanstack/react-router';
import { ManageStudioPage } from '../../../../features/studios/ManageStudioPage';

export const Route = createFileRoute('/_app/studio/$slug/manage')({ component: RouteComponent });

function RouteComponent() {
  const { slug } = Route.useParams();
  return <ManageStudioPage slug={slug} />;
}
