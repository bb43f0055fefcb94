// The journeys' demo-seeded template (database + uploads) built ahead into a folder, for `.ci/run` to make beside
// the test lanes and pass to both journey runs as BUTIKU_E2E_TEMPLATE (decision 269); without it each journey run
// builds its own in its global setup.
//   npx tsx scripts/e2e-template.ts /tmp/some-empty-folder
import fs from 'node:fs';
import { buildJourneyTemplate } from '../e2e/support/template';

const dir = process.argv[2];
if (!dir) {
  console.error('Usage: npx tsx scripts/e2e-template.ts <folder>');
  process.exit(2);
}
fs.mkdirSync(dir, { recursive: true });
const started = Date.now();
await buildJourneyTemplate(dir);
console.log(`[e2e-template] ${dir} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
