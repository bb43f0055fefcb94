import { describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv, configWarnings, loadEnv } from './config';

describe('config', () => {
  it('uses sensible defaults', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_PATH).toBe('data/shop.db');
    expect(env.UPLOADS_DIR).toBe('uploads');
    expect(env.SEED_DEMO).toBe(true);
    const config = configFromEnv(env, 'x'.repeat(40), '/srv/shop');
    expect(config.databasePath).toBe('/srv/shop/data/shop.db');
    expect(config.google).toBeUndefined();
  });

  it('reads rate limits from RATE_LIMIT_<NAME>=points/seconds and refuses other shapes', () => {
    const config = configFromEnv(
      loadEnv({ RATE_LIMIT_CHECKOUT: '120/60', RATE_LIMIT_SOCIAL_LOGIN: '5/10' }),
      'x'.repeat(40),
    );
    expect(config.rateLimits?.checkout).toEqual({ points: 120, windowSeconds: 60, key: 'address' });
    expect(config.rateLimits?.socialLogin).toEqual({ points: 5, windowSeconds: 10, key: 'address' });
    expect(config.rateLimits?.signup.points).toBeGreaterThanOrEqual(20);
    expect(() => loadEnv({ RATE_LIMIT_SIGNUP: '0x10/60' })).toThrow(/RATE_LIMIT_SIGNUP: use points\/seconds/);
    expect(() => loadEnv({ RATE_LIMIT_SIGNUP: '0/60' })).toThrow(ConfigError);
  });

  it('validates the e-mail settings at start-up (decision 170)', () => {
    const mail = configFromEnv(
      loadEnv({
        SMTP_URL: 'smtps://u:p@mail.example.com:465',
        MAIL_FROM: 'Butiku <porosi@butiku.shop>',
        SHOP_EMAIL: 'staff@butiku.shop',
        MAIL_MAX_ATTEMPTS: '5',
        MAIL_RETRY_SECONDS: '20',
        MAIL_KEEP_DAYS: '30',
      }),
      'x'.repeat(40),
    ).mail;
    expect(mail).toEqual({
      smtpUrl: 'smtps://u:p@mail.example.com:465',
      from: 'Butiku <porosi@butiku.shop>',
      shopEmail: 'staff@butiku.shop',
      maxAttempts: 5,
      retryBaseMs: 20_000,
      keepDays: 30,
    });
    expect(configFromEnv(loadEnv({}), 'x'.repeat(40)).mail?.keepDays).toBe(90);
    expect(() => loadEnv({ MAIL_KEEP_DAYS: '0' })).toThrow(/MAIL_KEEP_DAYS: must be at least 1 day/);
    expect(() => loadEnv({ MAIL_KEEP_DAYS: 'soon' })).toThrow(/MAIL_KEEP_DAYS: must be a number of days/);
    expect(() => loadEnv({ MAIL_KEEP_DAYS: '1.5' })).toThrow(/MAIL_KEEP_DAYS: must be a whole number of days/);
    expect(configFromEnv(loadEnv({}), 'x'.repeat(40)).mail?.smtpUrl).toBeUndefined();
    expect(() => loadEnv({ SMTP_URL: 'http://mail.example.com' })).toThrow(
      /SMTP_URL: must start with smtp:\/\/ or smtps:\/\//,
    );
    expect(() => loadEnv({ MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM/);
    expect(() => loadEnv({ SHOP_EMAIL: 'nobody' })).toThrow(/SHOP_EMAIL: must be an e-mail address/);
    expect(() => loadEnv({ MAIL_RETRY_SECONDS: '120' })).toThrow(/MAIL_RETRY_SECONDS: must be at most 60/);
  });

  it("reads the delivery slips' sender block from SHOP_NAME / SHOP_ADDRESS / SHOP_PHONE (decision 221)", () => {
    expect(configFromEnv(loadEnv({}), 'x'.repeat(40)).shop).toEqual({
      name: 'Butiku',
      address: 'Rruga Adem Jashari 12, Ferizaj 70000, Kosovë',
      phone: '+383 44 123 456',
    });
    const env = loadEnv({
      SHOP_NAME: ' Butiku Prizren ',
      SHOP_ADDRESS: 'Rr. Shadërvani 3, Prizren',
      SHOP_PHONE: '049 555 111',
    });
    expect(configFromEnv(env, 'x'.repeat(40)).shop).toEqual({
      name: 'Butiku Prizren',
      address: 'Rr. Shadërvani 3, Prizren',
      phone: '049 555 111',
    });
    expect(() => loadEnv({ SHOP_PHONE: 'call us' })).toThrow(/SHOP_PHONE: must be a phone number/);
    expect(() => loadEnv({ SHOP_NAME: '   ' })).toThrow(/SHOP_NAME: must not be blank/);
    expect(() => loadEnv({ SHOP_ADDRESS: 'x'.repeat(201) })).toThrow(/SHOP_ADDRESS: must be at most 200/);
  });

  it('reads body bounds from BODY_LIMIT_JSON / BODY_LIMIT_UPLOAD (bytes) and refuses other shapes', () => {
    expect(configFromEnv(loadEnv({}), 'x'.repeat(40)).bodyLimits).toEqual({
      jsonBytes: 1024 * 1024,
      uploadBytes: 60 * 1024 * 1024,
    });
    const config = configFromEnv(loadEnv({ BODY_LIMIT_JSON: '65536', BODY_LIMIT_UPLOAD: '104857600' }), 'x'.repeat(40));
    expect(config.bodyLimits).toEqual({ jsonBytes: 65536, uploadBytes: 104857600 });
    for (const bad of ['0x10000', '1e6', '-5', ' 65536', '65536.5', '100', '99999999999']) {
      expect(() => loadEnv({ BODY_LIMIT_JSON: bad }), bad).toThrow(/BODY_LIMIT_JSON/);
    }
  });

  it('stops in production without PUBLIC_URL; uses http://localhost:PORT in development and test', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL must be set in production/);
    expect(
      configFromEnv(loadEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://butiku.shop/' }), 'x'.repeat(40)).publicUrl,
    ).toBe('https://butiku.shop');
    expect(configFromEnv(loadEnv({ PORT: '4321' }), 'x'.repeat(40)).publicUrl).toBe('http://localhost:4321');
    expect(configFromEnv(loadEnv({ NODE_ENV: 'test' }), 'x'.repeat(40)).publicUrl).toBe('http://localhost:3000');
    expect(() => loadEnv({ PUBLIC_URL: 'javascript://alert(1)' })).toThrow(ConfigError);
    expect(() => loadEnv({ PUBLIC_URL: 'https://butiku.shop/shop?x=1' })).toThrow(ConfigError);
  });

  it('names every bad variable with a clear message', () => {
    let error: unknown;
    try {
      loadEnv({ PORT: 'abc', SEED_DEMO: 'maybe', ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'short' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = (error as Error).message;
    expect(text).toContain('PORT: must be a number');
    expect(text).toContain('SEED_DEMO: use true or false');
    expect(text).toContain('ADMIN_EMAIL: must be an e-mail address');
    expect(text).toContain('ADMIN_PASSWORD: must be at least 12 characters');
  });

  it('requires paired settings together', () => {
    expect(() => loadEnv({ ADMIN_EMAIL: 'a@b.co' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD/);
    expect(() => loadEnv({ FACEBOOK_APP_ID: '1' })).toThrow(/FACEBOOK_APP_ID and FACEBOOK_APP_SECRET/);
  });

  it('reads TRUST_PROXY as the proxies to believe: off by default, loopback, addresses and ranges, or a hop count (decision 204)', () => {
    const trust = (v?: string) => configFromEnv(loadEnv({ TRUST_PROXY: v }), 'x'.repeat(40)).trustProxy;
    expect(trust()).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('no')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('loopback')).toEqual(['loopback']);
    expect(
      trust(' loopback , 10.0.0.0/8,192.168.1.7, fd00::/8, ::1, linklocal,uniquelocal,10.0.0.0/255.0.0.0 '),
    ).toEqual([
      'loopback',
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
      '::1',
      'linklocal',
      'uniquelocal',
      '10.0.0.0/255.0.0.0',
    ]);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(configWarnings(loadEnv({ TRUST_PROXY: 'loopback' }))).toEqual([]);
  });

  it('reads TRUST_PROXY=true (which once believed anyone) as loopback, with a start-up warning', () => {
    for (const v of ['true', 'TRUE', 'yes']) {
      const env = loadEnv({ TRUST_PROXY: v });
      expect(configFromEnv(env, 'x'.repeat(40)).trustProxy).toEqual(['loopback']);
      expect(configWarnings(env)).toEqual([expect.stringMatching(/TRUST_PROXY=\w+ is read as TRUST_PROXY=loopback/)]);
    }
  });

  it('refuses a TRUST_PROXY that names no proxy, with a clear message', () => {
    const help = /use false, loopback, a comma-separated list/;
    for (const [bad, message] of [
      [
        'everyone',
        /TRUST_PROXY: "everyone" is not an IP address, a CIDR range or one of loopback, linklocal, uniquelocal/,
      ],
      ['10.0.0.0/33', /"10.0.0.0\/33" is not an IP address/],
      ['300.1.1.1', /"300.1.1.1" is not an IP address/],
      ['127.0.0.1,,10.0.0.1', /TRUST_PROXY: an empty entry in the list/],
      ['1,127.0.0.1', /"1" is not an IP address/],
      ['*', /"\*" is not an IP address/],
      ['17', /TRUST_PROXY: a hop count must be between 0 and 16/],
      ['-1', /"-1" is not an IP address/],
    ] as const) {
      expect(() => loadEnv({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
      expect(() => loadEnv({ TRUST_PROXY: bad }), bad).toThrow(message);
      expect(() => loadEnv({ TRUST_PROXY: bad }), bad).toThrow(help);
    }
  });

  it('reads METRICS_TOKEN (off when unset) and refuses a short or spaced one (decision 224)', () => {
    expect(configFromEnv(loadEnv({}), 'x'.repeat(40)).metricsToken).toBeUndefined();
    const token = 'a1'.repeat(16);
    expect(configFromEnv(loadEnv({ METRICS_TOKEN: token }), 'x'.repeat(40)).metricsToken).toBe(token);
    expect(() => loadEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 24 characters/);
    expect(() => loadEnv({ METRICS_TOKEN: `${token} x` })).toThrow(/METRICS_TOKEN: must be printable ASCII/);
  });

  it('reads STORAGE_URL, STORAGE_PUBLIC_URL and BACKUP_STORAGE_URL as S3 locations (decision 266)', () => {
    const key = 'x'.repeat(40);
    expect(configFromEnv(loadEnv({}), key).storage).toBeUndefined();
    const config = configFromEnv(
      loadEnv({
        STORAGE_URL:
          's3://butiku-pictures/shop/live/?region=eu-central-1&endpoint=https://fsn1.example.com/&forcePathStyle=true',
        STORAGE_ACCESS_KEY_ID: 'AKID',
        STORAGE_SECRET_ACCESS_KEY: 'SECRET',
        STORAGE_PUBLIC_URL: 'https://cdn.butiku.shop/pictures/',
        BACKUP_STORAGE_URL: 's3://butiku-backups',
      }),
      key,
    );
    expect(config.storage).toEqual({
      bucket: 'butiku-pictures',
      prefix: 'shop/live',
      region: 'eu-central-1',
      endpoint: 'https://fsn1.example.com',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKID', secretAccessKey: 'SECRET' },
    });
    expect(config.storagePublicUrl).toBe('https://cdn.butiku.shop/pictures');
    expect(config.backupStorage).toEqual({
      bucket: 'butiku-backups',
      prefix: '',
      region: undefined,
      endpoint: undefined,
      forcePathStyle: false,
    });
    expect(config.backupUploadRetrySeconds).toBe(5);
  });

  it('refuses a storage URL or setting it cannot use, naming the variable and the fix', () => {
    const bad: Array<[Record<string, string>, RegExp]> = [
      [{ STORAGE_URL: 'https://bucket.s3.amazonaws.com' }, /STORAGE_URL: must start with s3:\/\//],
      [{ STORAGE_URL: 's3://AB' }, /STORAGE_URL: names no valid bucket/],
      [{ STORAGE_URL: 's3://key:secret@bucket' }, /STORAGE_URL: must not hold credentials/],
      [{ STORAGE_URL: 's3://bucket?regoin=eu' }, /STORAGE_URL: unknown option regoin/],
      [{ STORAGE_URL: 's3://bucket?endpoint=minio:9000' }, /STORAGE_URL: endpoint must be an http\(s\) origin/],
      [
        { BACKUP_STORAGE_URL: 's3://bucket?forcePathStyle=yes' },
        /BACKUP_STORAGE_URL: forcePathStyle must be true or false/,
      ],
      [{ STORAGE_URL: 's3://bucket/a%2F..%2Fb' }, /STORAGE_URL: prefix must not hold/],
      [
        { STORAGE_URL: 's3://bucket', STORAGE_ACCESS_KEY_ID: 'AKID' },
        /STORAGE_ACCESS_KEY_ID and STORAGE_SECRET_ACCESS_KEY must be set together/,
      ],
      [{ STORAGE_PUBLIC_URL: 'https://cdn.example.com' }, /STORAGE_PUBLIC_URL needs STORAGE_URL/],
      [
        { STORAGE_URL: 's3://bucket', STORAGE_PUBLIC_URL: 'cdn.example.com' },
        /STORAGE_PUBLIC_URL: must be an http\(s\) URL/,
      ],
      [{ BACKUP_UPLOAD_RETRY_SECONDS: '0' }, /BACKUP_UPLOAD_RETRY_SECONDS: must be at least 1/],
    ];
    for (const [env, message] of bad) expect(() => loadEnv(env), JSON.stringify(env)).toThrow(message);
  });

  it('reads LOW_STOCK_DIGEST_SCHEDULE (a daily time or cron, beside the hour) and refuses other shapes', () => {
    const plain = configFromEnv(loadEnv({}), 'x'.repeat(40));
    expect(plain.lowStockDigestHour).toBe(8);
    expect(plain.lowStockDigestSchedule).toBeUndefined();
    const every = configFromEnv(loadEnv({ LOW_STOCK_DIGEST_SCHEDULE: '* * * * * *' }), 'x'.repeat(40));
    expect(every.lowStockDigestSchedule).toBe('* * * * * *');
    expect(() => loadEnv({ LOW_STOCK_DIGEST_SCHEDULE: 'soon' })).toThrow(
      /LOW_STOCK_DIGEST_SCHEDULE: use a daily time such as 03:30/,
    );
  });

  it('reads the forgotten-cart settings with their defaults and refuses bad values (decision 275)', () => {
    expect(configFromEnv(loadEnv({}), 'x'.repeat(40)).cartReminders).toEqual({
      afterHours: 4,
      secondAfterHours: 24,
      fromHour: 8,
      toHour: 21,
      schedule: '*/10 * * * *',
      recoveryDays: 7,
      restoreLinkDays: 14,
    });
    const set = loadEnv({
      CART_REMINDER_AFTER_HOURS: '2',
      CART_REMINDER_SECOND_AFTER_HOURS: '0',
      CART_REMINDER_HOURS: '9-20',
    });
    expect(configFromEnv(set, 'x'.repeat(40)).cartReminders).toMatchObject({
      afterHours: 2,
      secondAfterHours: 0,
      fromHour: 9,
      toHour: 20,
    });
    expect(() => loadEnv({ CART_REMINDER_HOURS: '21-08' })).toThrow(
      /CART_REMINDER_HOURS: the first hour must come before/,
    );
    expect(() => loadEnv({ CART_REMINDER_AFTER_HOURS: 'soon' })).toThrow(/CART_REMINDER_AFTER_HOURS: must be a number/);
    expect(() => loadEnv({ CART_RECOVERY_DAYS: '0' })).toThrow(/CART_RECOVERY_DAYS: must be at least 1 day$/);
  });

  it('accepts false for SEED_DEMO and a port of 0', () => {
    const env = loadEnv({ SEED_DEMO: 'false', PORT: '0' });
    expect(env.SEED_DEMO).toBe(false);
    expect(env.PORT).toBe(0);
  });
});
