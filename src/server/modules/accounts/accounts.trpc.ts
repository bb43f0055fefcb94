// tRPC procedures of the accounts module: parse -> service -> DTO. The refresh cookie travels in ctx headers.
import { LoginInput, RegisterUserInput, SocialLoginInput, UpdateProfileInput } from '../../../shared/schemas/accounts';
import { authedProcedure, limit, publicProcedure, router, staffProcedure } from '../../trpc/init';
import type { TrpcContext } from '../../trpc/context';
import * as service from './accounts.service';
import { clearedRefreshCookie, readRefreshCookie, refreshCookie } from './cookies';

const presented = (ctx: TrpcContext) => readRefreshCookie(ctx.req.headers.get('cookie'));

function setCookie(ctx: TrpcContext, outcome: service.LoginOutcome) {
  ctx.resHeaders.append('Set-Cookie', refreshCookie(ctx.config, outcome.refreshToken));
  return outcome.body;
}

export const accountsRouter = router({
  providers: publicProcedure.query(({ ctx }) => service.providers(ctx)),
  register: publicProcedure.use(limit('signup')).input(RegisterUserInput).mutation(({ ctx, input }) => service.register(ctx, input)),
  login: publicProcedure.use(limit('password')).input(LoginInput).mutation(async ({ ctx, input }) => setCookie(ctx, await service.login(ctx, input, ctx.clientIp))),
  socialLogin: publicProcedure.use(limit('socialLogin')).input(SocialLoginInput).mutation(async ({ ctx, input }) => setCookie(ctx, await service.socialLogin(ctx, input))),
  refreshToken: publicProcedure.mutation(async ({ ctx }) => {
    try {
      return setCookie(ctx, await service.refresh(ctx, presented(ctx)));
    } catch (err) {
      ctx.resHeaders.append('Set-Cookie', clearedRefreshCookie(ctx.config));
      throw err;
    }
  }),
  logout: publicProcedure.mutation(async ({ ctx }) => {
    const body = await service.logout(ctx, presented(ctx));
    ctx.resHeaders.append('Set-Cookie', clearedRefreshCookie(ctx.config));
    return body;
  }),
  profile: authedProcedure.query(({ ctx }) => service.getProfile(ctx, ctx.actor)),
  updateProfile: authedProcedure.use(limit('password')).input(UpdateProfileInput).mutation(({ ctx, input }) => service.updateProfile(ctx, ctx.actor, input, presented(ctx))),
  roles: staffProcedure.query(({ ctx }) => service.listRoles(ctx)),
});
