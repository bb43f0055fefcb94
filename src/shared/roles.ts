// Role ids as the spec gives them: 1 customer (sign-up), 2 staff, 3 administrator.
export const ROLE_CUSTOMER = 1;
export const ROLE_STAFF = 2;
export const ROLE_ADMIN = 3;
export const STAFF_ROLES: readonly number[] = [ROLE_STAFF, ROLE_ADMIN];
export const ADMIN_ROLES: readonly number[] = [ROLE_ADMIN];

export function isStaffRole(roleID: number | string | null | undefined): boolean {
  return roleID != null && STAFF_ROLES.map(String).includes(String(roleID));
}
