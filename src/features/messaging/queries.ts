import type { TrpcUtils } from '../../trpc';

// The queries the messaging routes' loaders load, in a module without UI: a route file's loader is
// part of the app's entry, and importing them from Conversation.tsx or ThreadList.tsx put those
// components (with the payment dialogs and their MUI parts) in every page's first download.

/** The thread list, as /messages, /messages/{threadId} and /inbox load it (one query key with the list's). */
export const threadListQuery = (utils: TrpcUtils) => utils.thread.list.infiniteQueryOptions({}, { getNextPageParam: (p) => p.nextCursor });

/** A conversation: the thread and its newest messages, as /messages/{threadId} loads them. */
export const conversationQueries = (utils: TrpcUtils, threadId: string) => ({
  thread: utils.thread.byId.queryOptions({ threadId }, { retry: false }),
  messages: utils.message.list.infiniteQueryOptions({ threadId }, { getNextPageParam: (p) => p.nextCursor }),
});
