import { sessionExpiresAt } from '../../auth/sessions';
import { authedProcedure, publicProcedure, router, type TrpcContext } from '../../trpc/init';
import { toMe } from '../users/views';
import {
  changePasswordInput,
  linkGoogleInput,
  loginInput,
  registerInput,
  requestPasswordResetInput,
  requestSignInLinkInput,
  resetPasswordInput,
  revokeSessionInput,
  signInWithLinkInput,
} from './inputs';
import { startGoogleLink } from './link';
import * as auth from './service';
import { isFirstVisit } from './first-visit';

const meta = (ctx: TrpcContext) => ({ ip: ctx.ip, userAgent: ctx.userAgent, deviceToken: ctx.deviceToken });

/** A signed-in answer: the session cookie, and the known-device cookie for this browser. */
function signedIn(ctx: TrpcContext, result: Awaited<ReturnType<typeof auth.login>>) {
  ctx.setSessionCookie(result.token, sessionExpiresAt(result.session));
  ctx.setDeviceCookie?.(result.deviceToken);
  return toMe(result.user);
}

export const authRouter = router({
  me: publicProcedure.query(({ ctx }) => (ctx.user ? toMe(ctx.user) : null)),

  providers: publicProcedure.query(({ ctx }) => ({ google: Boolean(ctx.deps.config.google) })),

  /** The same answer whether the address is new or has an account: the e-mail says what next. */
  register: publicProcedure.input(registerInput).mutation(({ ctx, input }) => auth.register({ ctx: ctx.service, input, meta: meta(ctx) })),

  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => signedIn(ctx, await auth.login({ ctx: ctx.service, input, meta: meta(ctx) }))),

  requestSignInLink: publicProcedure
    .input(requestSignInLinkInput)
    .mutation(({ ctx, input }) => auth.requestSignInLink({ ctx: ctx.service, input, meta: meta(ctx) })),

  signInWithLink: publicProcedure
    .input(signInWithLinkInput)
    .mutation(async ({ ctx, input }) => signedIn(ctx, await auth.signInWithLink({ ctx: ctx.service, input, meta: meta(ctx) }))),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    const result = await auth.logout({ ctx: ctx.service });
    ctx.clearSessionCookie();
    return result;
  }),

  requestPasswordReset: publicProcedure
    .input(requestPasswordResetInput)
    .mutation(({ ctx, input }) => auth.requestPasswordReset({ ctx: ctx.service, input, meta: meta(ctx) })),

  resetPassword: publicProcedure
    .input(resetPasswordInput)
    .mutation(({ ctx, input }) => auth.resetPassword({ ctx: ctx.service, input })),

  changePassword: authedProcedure.input(changePasswordInput).mutation(async ({ ctx, input }) => {
    const { session, token } = await auth.changePassword({ ctx: ctx.service, input, meta: meta(ctx) });
    ctx.setSessionCookie(token, sessionExpiresAt(session));
    return { ok: true as const };
  }),

  sessions: authedProcedure.query(({ ctx }) => auth.listSessions({ ctx: ctx.service })),

  /** The home page's greeting: "Welcome" on the account's first visit, "Welcome back" after. */
  firstVisit: authedProcedure.query(({ ctx }) => isFirstVisit({ ctx: ctx.service })),

  revokeSession: authedProcedure.input(revokeSessionInput).mutation(async ({ ctx, input }) => {
    const result = await auth.revokeSession({ ctx: ctx.service, input });
    if (result.current) ctx.clearSessionCookie();
    return result;
  }),

  revokeOtherSessions: authedProcedure.mutation(({ ctx }) => auth.revokeOtherSessions({ ctx: ctx.service })),

  linkGoogle: authedProcedure.input(linkGoogleInput).mutation(({ ctx, input }) => startGoogleLink({ ctx: ctx.service, input })),
});
