// The development key file (decision 236): without JWT_SECRET, outside production, the shop's root secret is
// generated into SECRET_KEY_FILE (default: secret.key beside the SQLite file), mode 0600, never into the database,
// and never inside what a backup copies (the database file and UPLOADS_DIR). It is created atomically: written whole
// to a temporary file, then hard-linked to its name, which fails when the name exists, so processes starting at
// once all end up reading the one file that won.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, type Env } from './config';

/** Shortest secret accepted, as for JWT_SECRET. */
const MIN_LENGTH = 32;

export const generateSecret = () => randomBytes(48).toString('base64url');

const inside = (file: string, dir: string) => {
  const rel = path.relative(dir, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

/** SECRET_KEY_FILE resolved against `root`, or secret.key in the folder of DATABASE_PATH; never where backups look. */
export function secretKeyFile(env: Env, root = process.cwd()): string {
  const file = path.resolve(root, env.SECRET_KEY_FILE ?? path.join(path.dirname(env.DATABASE_PATH), 'secret.key'));
  for (const [name, dir] of [
    ['UPLOADS_DIR', env.UPLOADS_DIR],
    ['BACKUP_DIR', env.BACKUP_DIR],
  ] as const) {
    if (inside(file, path.resolve(root, dir)))
      throw new ConfigError(
        `Invalid environment configuration:\n  - SECRET_KEY_FILE ${file} is inside ${name} (${dir}), which backups copy: put it elsewhere (it must never be in a backup)`,
      );
  }
  if (file === path.resolve(root, env.DATABASE_PATH))
    throw new ConfigError(`Invalid environment configuration:\n  - SECRET_KEY_FILE must not be DATABASE_PATH`);
  return file;
}

function readSecretFile(file: string): string {
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_LENGTH)
    throw new ConfigError(
      `Invalid environment configuration:\n  - SECRET_KEY_FILE ${file} holds no usable secret (fewer than ${MIN_LENGTH} characters): put the secret back, or delete the file to generate a new one (that signs everyone out)`,
    );
  // Only the shop's user may read it, even if it was copied in with a looser mode.
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  return secret;
}

/** The secret in `file`; when there is none, `initial()` is written there first (by whichever process is first). */
export function readOrCreateSecretFile(file: string, initial: () => string): { secret: string; created: boolean } {
  if (fs.existsSync(file)) return { secret: readSecretFile(file), created: false };
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  let created = false;
  try {
    const fd = fs.openSync(temp, 'wx', 0o600);
    try {
      fs.fchmodSync(fd, 0o600); // whatever the umask
      fs.writeSync(fd, `${initial()}\n`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    try {
      fs.linkSync(temp, file); // the whole file appears under its name at once, or not at all when it exists
      created = true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  } finally {
    fs.rmSync(temp, { force: true });
  }
  return { secret: readSecretFile(file), created };
}
