import type { PaletteMode } from '@mui/material/styles';
import type { DehydratedState } from '@tanstack/react-query';
import superjson from 'superjson';

// What a server-rendered page carries for the app that takes it over: the queries the server's
// render read (react-query's dehydrated cache, through superjson for its Dates) and the carts it
// rendered with, the palette and the time zone it rendered in, so the app renders the same page
// from them without asking the server again.

/** The id of the script tag holding the state (JSON). */
export const SERVER_STATE_ID = 'server-state';

/** The marker the server puts on #root when its HTML is the app's page, rendered for this request. */
export const SERVER_RENDERED = 'page';

export type ServerState = {
  queries: DehydratedState;
  carts: Record<string, string | null>;
  themeMode: PaletteMode;
  /** The zone the server's dates and times were written in (the app writes them in the viewer's). */
  timeZone: string;
};

/** The time zone dates are written in here (the process's on the server, the viewer's in a browser). */
export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The state as the text of a script tag: JSON in which `<` (so no `</script>` or `<!--` can end or
 * bend the tag) and the line separators U+2028/U+2029 are written as JSON escapes.
 */
export function serializeServerState(state: ServerState): string {
  return JSON.stringify({ ...state, queries: superjson.serialize(state.queries) })
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

export function parseServerState(text: string): ServerState {
  const raw = JSON.parse(text) as { queries: Parameters<typeof superjson.deserialize>[0] } & Omit<ServerState, 'queries'>;
  return { ...raw, queries: superjson.deserialize<DehydratedState>(raw.queries) };
}
