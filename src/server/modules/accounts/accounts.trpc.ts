// tRPC procedures of the accounts module: parse -> service -> DTO. The refresh cookie travels in ctx headers.
import { messages } from '../../../shared/messages';
import {
  ForgotPasswordInput,
  LoginInput,
  RegisterUserInput,
  ResetPasswordInput,
  SocialLoginInput,
  UpdateProfileInput,
} from '../../../shared/schemas/accounts';
import { authedProcedure, limit, publicProcedure, router, staffProcedure } from '../../trpc/init';
import type { TrpcContext } from '../../trpc/context';
import * as service from './accounts.service';
import { requestPasswordReset, resetPassword } from './password-reset';
import { readRefreshCookie } from './cookies';

const presented = (ctx: TrpcContext) => readRefreshCookie(ctx.req.headers.get('cookie'));

const cookieWriter =
  (ctx: TrpcContext): service.SetCookie =>
  (value) =>
    ctx.resHeaders.append('Set-Cookie', value);
const setCookie = (ctx: TrpcContext, outcome: service.LoginOutcome) =>
  service.sessionStarted(ctx, cookieWriter(ctx), outcome);

export const accountsRouter = router({
  providers: publicProcedure.query(({ ctx }) => service.providers(ctx)),
  register: publicProcedure
    .use(limit('signup'))
    .input(RegisterUserInput)
    .mutation(({ ctx, input }) => service.register(ctx, input)),
  login: publicProcedure
    .use(limit('password'))
    .input(LoginInput)
    .mutation(async ({ ctx, input }) => setCookie(ctx, await service.login(ctx, input, ctx.clientIp))),
  socialLogin: publicProcedure
    .use(limit('socialLogin'))
    .input(SocialLoginInput)
    .mutation(async ({ ctx, input }) => setCookie(ctx, await service.socialLogin(ctx, input))),
  refreshToken: publicProcedure.mutation(({ ctx }) => service.refreshSession(ctx, presented(ctx), cookieWriter(ctx))),
  logout: publicProcedure.mutation(({ ctx }) => service.logoutSession(ctx, presented(ctx), cookieWriter(ctx))),
  profile: authedProcedure.query(({ ctx }) => service.getProfile(ctx, ctx.actor)),
  updateProfile: authedProcedure
    .use(limit('password'))
    .input(UpdateProfileInput)
    .mutation(({ ctx, input }) => service.updateProfile(ctx, ctx.actor, input, presented(ctx), ctx.clientIp)),
  forgotPassword: publicProcedure
    .use(limit('passwordReset'))
    .input(ForgotPasswordInput)
    .mutation(async ({ ctx, input }) => {
      await requestPasswordReset(ctx, input);
      return { Message: messages.account.forgotSent };
    }),
  resetPassword: publicProcedure
    .use(limit('passwordReset'))
    .input(ResetPasswordInput)
    .mutation(async ({ ctx, input }) => {
      await resetPassword(ctx, input);
      return null;
    }),
  roles: staffProcedure.query(({ ctx }) => service.listRoles(ctx)),
});
