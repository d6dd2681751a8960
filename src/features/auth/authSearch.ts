import { returnPath } from '../../../server/domains/auth/rules';

// Its own module, not signInToAct's: the top bar (in the app's entry) links to sign in with it, and
// a module lives in one chunk, so signInToAct's prompt dialog (MUI's Modal, ~10 KB gzip) came
// with it into every page's first download.

/** The sign-in and registration pages' search, each bringing the visitor back to `redirect` afterwards. */
export const authSearch = (redirect: string | undefined) => {
  const kept = returnPath(redirect);
  return kept ? { redirect: kept } : {};
};
