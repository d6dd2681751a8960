import { trpc } from '../../../trpc';
import type { PushApi } from './pushDevice';

/** The push procedures as the registration code wants them. */
export function usePushApi(): PushApi {
  const utils = trpc.useUtils();
  const register = trpc.push.register.useMutation();
  const refresh = trpc.push.refresh.useMutation();
  const unregister = trpc.push.unregister.useMutation();
  return {
    publicKey: async () => (await utils.push.publicKey.fetch(undefined, { staleTime: Number.POSITIVE_INFINITY })).publicKey,
    registered: async (endpoint) => (await utils.push.status.fetch({ endpoint }, { staleTime: 0 })).registered,
    register: (device) => register.mutateAsync(device),
    refresh: (device) => refresh.mutateAsync(device),
    unregister: (endpoint) => unregister.mutateAsync({ endpoint }),
  };
}
