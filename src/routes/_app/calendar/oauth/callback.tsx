import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { GoogleCallbackPage } from '../../../../features/calendar/GoogleCallbackPage';

// Google sends the browser here after its consent page, with ?code&state (or ?error).
const search = z.object({ code: z.string().optional(), state: z.string().optional(), error: z.string().optional() });

export const Route = createFileRoute('/_app/calendar/oauth/callback')({ validateSearch: search, component: CallbackRoute });

function CallbackRoute() {
  return <GoogleCallbackPage search={Route.useSearch()} />;
}
