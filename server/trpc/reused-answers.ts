import type { AnyProcedure } from '@trpc/server';
import { isShared, isStillCurrent } from '../lib/shared-answers';
import type { ProcedureMeta } from './init';

// /studios sends the same few searches all day. Their answers already come from a cache, but each
// request still ran the procedure to find that out: tRPC's middlewares (each copies the call's
// options and context), input parsing and validation, the cache key — a quarter of the CPU of a
// cached read. A procedure that declares `reusesAnswers` has its answer remembered per request
// text, and the same text is answered with the same answer while its cache still holds it. Access
// is still checked on every call, from the level its builder declares; only levels that depend on
// nothing but being signed in are eligible (the answers are the same for every caller admitted).

/** Request texts remembered per process; the answers themselves are only weakly held. */
export const REUSED_ANSWER_KEYS = 2_000;

type Caller = { user: unknown } | undefined;
/** A request's text as sent, or a function that writes it (a batch item's, only when needed). */
type RequestText = string | (() => string);
const textOf = (requestText: RequestText) => (typeof requestText === 'string' ? requestText : requestText());

const reuses = (procedure: AnyProcedure) =>
  procedure._def.type === 'query' && (procedure._def.meta as ProcedureMeta | undefined)?.reusesAnswers === true;

function admits(procedure: AnyProcedure, caller: Caller) {
  const access = (procedure._def.meta as ProcedureMeta | undefined)?.access;
  return reuses(procedure) && (access === 'public' || (access === 'signedIn' && Boolean(caller?.user)));
}

export function createReusedAnswers(maxKeys = REUSED_ANSWER_KEYS) {
  const answers = new Map<string, WeakRef<object>>();
  const keyOf = (path: string, requestText: string) => `${path}\n${requestText}`;

  return {
    /** Whether this request text had a reused answer (current or not). */
    answeredBefore: (path: string, requestText: string) => answers.has(keyOf(path, requestText)),
    /** The current answer given earlier to the same request text, if this caller may have it. */
    find(procedure: AnyProcedure, path: string, requestText: RequestText, caller: Caller): object | undefined {
      if (!admits(procedure, caller)) return undefined;
      const key = keyOf(path, textOf(requestText));
      const answer = answers.get(key)?.deref();
      if (answer && isStillCurrent(answer)) return answer;
      answers.delete(key);
      return undefined;
    },
    /** Remembers a successful answer when it is a shared (cached) one. */
    remember(procedure: AnyProcedure, path: string, requestText: RequestText, answer: unknown) {
      if (!isShared(answer) || !reuses(procedure)) return;
      const key = keyOf(path, textOf(requestText));
      answers.delete(key);
      // Oldest first in a Map: dropping the first key keeps memory bounded.
      if (answers.size >= maxKeys) answers.delete(answers.keys().next().value as string);
      answers.set(key, new WeakRef(answer));
    },
  };
}
