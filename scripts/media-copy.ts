// `npm run media:copy`: moves an existing shop's pictures from UPLOADS_DIR into the bucket of STORAGE_URL (decision
// 266), then checks every stored name: each copied file is in the bucket with its size, and every picture the
// catalogue refers to (both sizes) is there. Files already in the bucket with the same size are skipped, so it can be
// run again; nothing in UPLOADS_DIR is changed or removed. Exits non-zero, naming what is missing, otherwise.
import fs from 'node:fs';
import { ConfigError, configFromEnv, loadEnv } from '#server/config';
import { connectDatabase, describeDatabase } from '#server/db/client';
import { storedImageNames } from '#server/modules/catalog';
import { IMAGE_NAME, imageKeys } from '#server/modules/media';
import { runCommand } from '#server/backup/command';
import { copyObjects } from '#server/storage/copy';
import { localStore } from '#server/storage/local-store';
import { openS3Store } from '#server/storage/open';

class Refused extends Error {}

/** A picture key of UPLOADS_DIR's layout: `<name>.webp` or `w400/<name>.webp`. */
const isPictureKey = (key: string) => IMAGE_NAME.test(key.replace(/^w400\//, ''));

async function catalogueNames(config: ReturnType<typeof configFromEnv>): Promise<string[]> {
  if (!config.databaseUrl && !fs.existsSync(config.databasePath))
    throw new Refused(`the database ${config.databasePath} does not exist (DATABASE_PATH); nothing was copied`);
  const db = await connectDatabase(config, (line) => console.error(line));
  try {
    return await storedImageNames(db);
  } finally {
    await db.destroy();
  }
}

runCommand(
  'npm run media:copy',
  async () => {
    const config = configFromEnv(loadEnv(), 'unused-for-media-copy');
    if (!config.storage)
      throw new Refused(
        'STORAGE_URL is not set: name the bucket the pictures go to, e.g. STORAGE_URL=s3://butiku-pictures?region=eu-central-1 (docs/operations.md). Nothing was copied.',
      );
    const names = await catalogueNames(config);
    const from = localStore(config.uploadsDir);
    const to = await openS3Store(config.storage);
    const all = await from.list();
    const pictures = all.filter((o) => isPictureKey(o.key));
    console.log(
      `Copying ${pictures.length} picture files from ${config.uploadsDir} to ${to.description} (catalogue in ${describeDatabase(config)})…`,
    );
    const report = await copyObjects(from, to, pictures, (done, total) => {
      if (done % 200 === 0) console.log(`  ${done}/${total}`);
    });
    const inBucket = new Set((await to.list()).map((o) => o.key));
    const missing = names.flatMap((n) => Object.values(imageKeys(n)).filter((k) => !inBucket.has(k)));
    console.log(
      `Copied ${report.copied}, already there ${report.alreadyThere}` +
        (all.length > pictures.length ? `; skipped ${all.length - pictures.length} files that are no picture` : '') +
        '.',
    );
    const problems = [
      ...report.mismatched.map((k) => `  ${k}: not in the bucket with its size after the copy`),
      ...missing.map((k) => `  ${k}: the catalogue refers to it, but it is neither in UPLOADS_DIR nor in the bucket`),
    ];
    if (problems.length)
      throw new Refused(`${problems.length} stored name(s) failed the check:\n${problems.join('\n')}`);
    console.log(
      `Checked every stored name: ${pictures.length} files and the ${names.length} pictures of the catalogue are in ${to.description}.`,
    );
  },
  (err) => {
    if (err instanceof ConfigError) return err.message;
    if (err instanceof Refused) return `media:copy: ${err.message}`;
    return `media:copy failed: ${err instanceof Error ? err.message : String(err)}. Run it again: files already copied are skipped.`;
  },
);
