import { describe, expect, it } from 'vitest';
import { testConfig } from '../testing/db';
import { contentSecurityPolicy, FIRST_TAP_SCRIPT_HASH } from './security';

describe('content security policy', () => {
  it('allows only our origin and the map when no sign-in provider is configured', () => {
    const csp = contentSecurityPolicy(testConfig());
    // Our origin, and the one inline script by its hash (the first-tap capture, decision 213).
    expect(csp).toContain(`script-src 'self' ${FIRST_TAP_SCRIPT_HASH};`);
    expect(FIRST_TAP_SCRIPT_HASH).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(csp).toContain('frame-src https://www.openstreetmap.org;');
    expect(csp).not.toContain('google');
    expect(csp).not.toContain('facebook');
  });

  it('opens exactly the provider origins that are configured', () => {
    const csp = contentSecurityPolicy(
      testConfig({ google: { clientId: 'x.apps.googleusercontent.com' }, facebook: { appId: '1', appSecret: 's' } }),
    );
    expect(csp).toContain(
      `script-src 'self' ${FIRST_TAP_SCRIPT_HASH} https://accounts.google.com https://connect.facebook.net`,
    );
    expect(csp).toContain('https://accounts.google.com/gsi/style');
    expect(csp).toContain('https://graph.facebook.com');
    expect(csp).toContain("frame-ancestors 'self'");
  });
});
