// REST adapters of the accounts module for the documented /api paths: parse -> the same service -> DTO.
import type { Context, Hono } from 'hono';
import { messages } from '../../../shared/messages';
import {
  ForgotPasswordInput,
  LoginInput,
  RegisterUserInput,
  ResetPasswordInput,
  SocialLoginInput,
  UpdateProfileInput,
} from '../../../shared/schemas/accounts';
import { actorOf, staffRoutes } from '../../http/auth';
import type { AppEnv } from '../../http/env';
import { rateLimit } from '../../http/rate-limit';
import { parseInput, readJson } from '../../http/request';
import * as service from './accounts.service';
import { requestPasswordReset, resetPassword } from './password-reset';
import { readRefreshCookie } from './cookies';

const presented = (c: Context<AppEnv>) => readRefreshCookie(c.req.header('cookie'));
const setCookie =
  (c: Context<AppEnv>): service.SetCookie =>
  (value) =>
    c.header('Set-Cookie', value, { append: true });
const withCookie = (c: Context<AppEnv>, outcome: service.LoginOutcome) =>
  c.json(service.sessionStarted(c.var.deps, setCookie(c), outcome));

export function mountAccountsRest(api: Hono<AppEnv>): void {
  api.post('/users/register', rateLimit('signup'), async (c) =>
    c.json(await service.register(c.var.deps, parseInput(RegisterUserInput, await readJson(c))), 201),
  );
  // Password reset (issue 13): always 202 with the same body; 204 once the new password is set.
  api.post('/users/forgot-password', rateLimit('passwordReset'), async (c) => {
    await requestPasswordReset(c.var.deps, parseInput(ForgotPasswordInput, await readJson(c)));
    return c.json({ Message: messages.account.forgotSent }, 202);
  });
  api.post('/users/reset-password', rateLimit('passwordReset'), async (c) => {
    await resetPassword(c.var.deps, parseInput(ResetPasswordInput, await readJson(c)));
    return c.body(null, 204);
  });
  api.post('/users/login', rateLimit('password'), async (c) =>
    withCookie(c, await service.login(c.var.deps, parseInput(LoginInput, await readJson(c)), c.var.clientIp)),
  );
  api.post('/users/social-login', rateLimit('socialLogin'), async (c) =>
    withCookie(c, await service.socialLogin(c.var.deps, parseInput(SocialLoginInput, await readJson(c)))),
  );
  api.post('/users/refresh-token', async (c) =>
    c.json(await service.refreshSession(c.var.deps, presented(c), setCookie(c))),
  );
  api.post('/users/logout', async (c) => c.json(await service.logoutSession(c.var.deps, presented(c), setCookie(c))));
  api.get('/users/profile', async (c) => c.json(await service.getProfile(c.var.deps, c.var.actor)));
  api.put('/users/profile', rateLimit('password'), async (c) => {
    const actor = actorOf(c);
    return c.json(
      await service.updateProfile(
        c.var.deps,
        actor,
        parseInput(UpdateProfileInput, await readJson(c)),
        presented(c),
        c.var.clientIp,
      ),
    );
  });
  api.get('/users/providers', (c) => c.json(service.providers(c.var.deps)));
  staffRoutes(api).get('/Roles/roles', async (c) => c.json(await service.listRoles(c.var.deps)));
}
