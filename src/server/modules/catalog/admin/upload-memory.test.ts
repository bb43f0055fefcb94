// Bounded upload memory over real HTTP (decision 132): the server as `npm start` serves it (compiled, its node
// flags) as a child process, on the suite's engine, three concurrent
// 50 MB uploads (413 while streaming) and ten concurrent valid 8 MB uploads; its peak RSS stays under 300 MB. The same
// with the pictures in a bucket (STORAGE_URL on a real S3-protocol server, decision 266).
import { describe, expect, it } from 'vitest';
import { measureUploadMemory } from '#scripts/upload-memory';
import { startS3Server } from '#server/testing/s3-server';

describe('upload memory', () => {
  it.each(['UPLOADS_DIR', 'STORAGE_URL'])(
    'three 50 MB and ten 8 MB concurrent uploads keep the server under 300 MB peak RSS (%s)',
    async (where) => {
      const s3 = where === 'STORAGE_URL' ? await startS3Server(['pictures']) : null;
      const r = await measureUploadMemory({
        port: 0,
        env: s3 ? { STORAGE_URL: s3.url('pictures'), ...s3.credentialsEnv } : undefined,
      }).finally(() => s3?.stop());
      console.log(
        `[upload-memory] ${r.server}, ${where}: peak ${Math.round(r.peakKb / 1024)} MB, after 50 MB uploads ${Math.round(r.afterOversizedKb / 1024)} MB, baseline ${Math.round(r.baselineKb / 1024)} MB, ${r.seconds}s`,
      );
      expect(r.oversized.statuses).toEqual([413, 413, 413]);
      expect(r.valid.statuses).toEqual(Array(10).fill(200));
      expect(r.valid.fileBytes).toBeGreaterThan(7.5 * 1024 * 1024);
      expect(r.peakKb).toBeLessThan(300 * 1024);
    },
    180_000,
  );
});
