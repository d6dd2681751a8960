import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ButtonLink } from '../../components/links';
import { authSearch } from './authSearch';
import { useMe } from './useAuth';

// Public pages (decision 034): a signed-out visitor reads artist, studio, storefront and product
// pages; each action there (Follow, Message, Book, Add to Cart) asks them to sign in or register and
// brings them back to the same page with the action continued. The page to come back to travels as
// `redirect` through /login and /register, the e-mailed sign-in link and Google (checked by
// `returnPath`: only paths of this site). An action that is not a page of its own (Follow, Message,
// Add to Cart) comes back as `?act=<action>` on the page, which runs it once the visitor is signed in.

/** The query parameter naming the action to continue after signing in. */
export const ACT_PARAM = 'act';
export type PageAction = 'follow' | 'message' | 'add-to-cart';

/** The page as it is now (path, query, hash), with `act=<action>` set, or with no `act` for undefined. */
export function pathWithAction(location: { pathname: string; searchStr: string; hash: string }, action: PageAction | undefined): string {
  const params = new URLSearchParams(location.searchStr);
  if (action) params.set(ACT_PARAM, action);
  else params.delete(ACT_PARAM);
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ''}${location.hash ? `#${location.hash}` : ''}`;
}

/**
 * For a public page's action button: `signedIn` says whether to act; for a visitor, `ask(what,
 * returnTo)` opens a prompt to sign in or register, which brings them back to `returnTo` (a page, e.g.
 * a booking form, or this page with `?act=`). Render `prompt` once in the component that asks.
 */
export function useSignInToAct() {
  const { me } = useMe();
  const location = useLocation();
  const [asked, setAsked] = useState<{ what: string; returnTo: string } | null>(null);
  return {
    signedIn: Boolean(me),
    /** Opens the prompt; `returnTo` is a path, or an action to continue on this page. */
    ask: (what: string, returnTo: string | { action: PageAction }) =>
      setAsked({ what, returnTo: typeof returnTo === 'string' ? returnTo : pathWithAction(location, returnTo.action) }),
    prompt: (<SignInPrompt asked={asked} onClose={() => setAsked(null)} />) as ReactNode,
  };
}

function SignInPrompt({ asked, onClose }: { asked: { what: string; returnTo: string } | null; onClose: () => void }) {
  const search = authSearch(asked?.returnTo);
  return (
    <Dialog open={Boolean(asked)} onClose={onClose} aria-labelledby="sign-in-to-act-title">
      <DialogTitle id="sign-in-to-act-title">Sign in to {asked?.what}</DialogTitle>
      <DialogContent>
        <Typography>Sign in or create a free InkLink account to continue. You will come right back here.</Typography>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>Cancel</Button>
        <ButtonLink to="/register" search={search} variant="outlined">
          Register
        </ButtonLink>
        <ButtonLink to="/login" search={search} variant="contained">
          Sign in
        </ButtonLink>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Continues an action the visitor chose before signing in: when the page's URL carries
 * `?act=<action>` and they are now signed in, runs `run` once and takes `act` off the URL (the
 * history entry is replaced, so Back does not run it again). `ready` holds it until the page can run it.
 */
export function useContinueAction(action: PageAction, run: () => void, ready = true) {
  const { me } = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  const pending = new URLSearchParams(location.searchStr).get(ACT_PARAM) === action;
  const done = useRef(false);
  const runRef = useRef(run);
  runRef.current = run;
  useEffect(() => {
    if (!pending || !me || !ready || done.current) return;
    done.current = true;
    runRef.current();
    void navigate({ href: pathWithAction(location, undefined), replace: true, resetScroll: false });
  }, [pending, me, ready, location, navigate]);
}
