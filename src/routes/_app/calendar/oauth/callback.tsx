import { createFileRoute } from '@tanstack/react-router';
import { GoogleCallbackPage } from '../../../../features/calendar/GoogleCallbackPage';
import { searchText } from '../../../../search-params';

// Google sends the browser here after its consent page, with ?code&state (or ?error).
const search = (params: Record<string, unknown>): { code?: string; state?: string; error?: string } => ({
  code: searchText(params.code, 2000),
  state: searchText(params.state),
  error: searchText(params.error),
});

export const Route = createFileRoute('/_app/calendar/oauth/callback')({ validateSearch: search, component: CallbackRoute });

function CallbackRoute() {
  return <GoogleCallbackPage search={Route.useSearch()} />;
}
