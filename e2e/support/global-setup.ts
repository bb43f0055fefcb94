// Once per e2e run: builds a demo-seeded template database + uploads that each test file copies. CI builds it once
// beside the test lanes (scripts/e2e-template.ts) and passes it in BUTIKU_E2E_TEMPLATE to both journey runs, which
// then use it as it is and leave it in place (decision 269).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildJourneyTemplate } from './template';

export default async function setup(): Promise<() => void> {
  if (!fs.existsSync(path.resolve(process.env.BUTIKU_CLIENT_DIST ?? 'dist/client', 'index.html'))) {
    throw new Error('Build the client first: npm run test:e2e runs `npm run build:client` before running.');
  }
  const given = process.env.BUTIKU_E2E_TEMPLATE;
  if (given) {
    if (!fs.existsSync(path.join(given, 'shop.db'))) throw new Error(`BUTIKU_E2E_TEMPLATE=${given} has no shop.db`);
    return () => undefined;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-e2e-template-'));
  await buildJourneyTemplate(dir);
  process.env.BUTIKU_E2E_TEMPLATE = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
