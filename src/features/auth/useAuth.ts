import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/router';
import { trpc } from '../../trpc';
import { forgetOnSignOut } from './forgetOnSignOut';

export type Me = NonNullable<inferRouterOutputs<AppRouter>['auth']['me']>;

/** The signed-in user is persisted under `auth-storage` (user only) for an instant first render. */
const AUTH_STORAGE_KEY = 'auth-storage';

function storedUser(): Me | null | undefined {
  try {
    const raw = localStorage.getItem(AUTH_STORAGE_KEY);
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as { user?: Me & { createdAt: string } };
    return parsed.user ? { ...parsed.user, createdAt: new Date(parsed.user.createdAt) } : undefined;
  } catch {
    return undefined;
  }
}

export function rememberUser(user: Me | null) {
  try {
    if (user) localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ user }));
    else localStorage.removeItem(AUTH_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode); the server session still works.
  }
}

export function useMe() {
  const query = trpc.auth.me.useQuery(undefined, { placeholderData: storedUser });
  return { me: query.data ?? null, loading: query.isLoading && query.data === undefined };
}

export const isArtist = (me: Me) => me.userTypes.includes('artist') || me.userTypes.includes('Artist');
export const isAppAdmin = (me: Me) => me.userTypes.includes('AppAdmin');

/** Signs out, forgets what the member was shown (./forgetOnSignOut) and goes home. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const router = useRouter();
  const logout = trpc.auth.logout.useMutation();
  return async () => {
    await logout.mutateAsync().catch(() => {});
    rememberUser(null);
    forgetOnSignOut(queryClient);
    await router.invalidate();
    await navigate({ to: '/' });
  };
}
