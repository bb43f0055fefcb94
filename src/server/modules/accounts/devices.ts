// The device a session or sign-in came from, read from its user agent with ua-parser-js: a label in Albanian
// ("Chrome në Android") and a fingerprint (browser + operating system, "chrome|android") that decides whether a
// sign-in comes from a device the account has used before (decision 227). Versions are left out on purpose: a browser
// update is not a new device.
import UAParser from 'ua-parser-js';
import { fill } from '#shared/messages';
import { accountMessages } from '#shared/messages/account';

/** The longest user agent kept (anything longer is cut; real ones are well under 300 characters). */
export const USER_AGENT_MAX = 400;

const t = accountMessages.sessions;

function parts(userAgent: string | null | undefined): { browser: string | null; os: string | null } {
  if (!userAgent) return { browser: null, os: null };
  const r = new UAParser(userAgent.slice(0, USER_AGENT_MAX)).getResult();
  return { browser: r.browser.name?.trim() || null, os: r.os.name?.trim() || null };
}

/** "Chrome në Android", "Firefox", "Windows" or "Pajisje e panjohur". */
export function deviceLabel(userAgent: string | null | undefined): string {
  const { browser, os } = parts(userAgent);
  if (browser && os) return fill(t.deviceOn, { browser, os });
  return browser ?? os ?? t.unknownDevice;
}

/** "chrome|android": browser and operating system, lower case ("?" for what the agent does not say). */
export function deviceKey(userAgent: string | null | undefined): string {
  const { browser, os } = parts(userAgent);
  return `${(browser ?? '?').toLowerCase()}|${(os ?? '?').toLowerCase()}`.slice(0, 120);
}

/** The user agent as stored: trimmed, cut to USER_AGENT_MAX, null when absent. */
export function storedUserAgent(userAgent: string | null | undefined): string | null {
  const ua = userAgent?.trim();
  return ua ? ua.slice(0, USER_AGENT_MAX) : null;
}
