// The staff security settings an administrator sets (decision 225): whether staff and administrators must sign in
// in two steps. Kept in app_settings beside the server's other settings; only this key is read or written here
// (the table also holds the generated server secret, which no screen or API ever reads).
import type { DB } from '#server/db/client';
import { flagSetting, setFlagSetting } from '#server/settings';

const REQUIRE_STAFF_SECOND_FACTOR = 'require_staff_second_factor';

export const staffSecondFactorRequired = (db: DB) => flagSetting(db, REQUIRE_STAFF_SECOND_FACTOR);

export const setStaffSecondFactorRequired = (db: DB, on: boolean) =>
  setFlagSetting(db, REQUIRE_STAFF_SECOND_FACTOR, on);
