// The `redirect` search parameter of /account: only a path inside this shop (no scheme, no `//host`, no
// backslash trick), so a crafted link cannot send a shopper to another site after login.
export function localRedirect(value: unknown): string | undefined {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) && value.length <= 500 && !/[\s\\]/.test(value)
    ? value
    : undefined;
}
