// Signs a browser page in as an existing user (e.g. a demo user) by storing a real access token,
// for journeys whose subject is not the login form itself.
import type { Page } from 'playwright-core';
import type { AppDeps } from '#server/deps';
import { startSession } from '#server/modules/accounts';
import { signAccessToken } from '#server/modules/accounts';

export async function signInAs(
  page: Page,
  baseUrl: string,
  deps: AppDeps,
  email: string,
): Promise<{ userId: number; roleID: number }> {
  const user = await deps.db
    .selectFrom('users')
    .select(['user_id', 'role_id'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirstOrThrow();
  // A real login (refresh-token family): access tokens are only good while their login is live.
  const session = await startSession(deps.db, user.user_id);
  const token = await signAccessToken(
    { userId: user.user_id, roleID: user.role_id, familyId: session.familyId },
    deps.config.keys.accessToken,
  );
  await page.goto(`${baseUrl}/robots.txt`);
  await page.evaluate(
    ([t, r, u]) => {
      localStorage.setItem('authToken', t!);
      localStorage.setItem('roleID', r!);
      localStorage.setItem('userId', u!);
    },
    [token, String(user.role_id), String(user.user_id)],
  );
  return { userId: user.user_id, roleID: user.role_id };
}
