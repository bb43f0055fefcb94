// Signs the browser in through the real login endpoint, so it holds the httpOnly RefreshToken cookie, and
// stores the session as the login form does.
import { storeSession } from '../lib/session';
import type { TestUser } from './server';

export async function loginAs(user: TestUser): Promise<{ userId: number; roleID: number; token: string }> {
  const res = await fetch('/api/users/login', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
  const body = (await res.json()) as { token: string; roleID: number; userID: number };
  storeSession({ token: body.token, roleID: body.roleID, userId: body.userID });
  return { userId: body.userID, roleID: body.roleID, token: body.token };
}
