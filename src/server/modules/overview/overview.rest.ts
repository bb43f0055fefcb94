// REST adapter of the dashboard overview (not in the spec; the dashboard reads it over tRPC): GET /api/Overview.
import type { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { staffOf } from '../../http/auth';
import { overviewSummary } from './overview.service';

export function mountOverviewRest(api: Hono<AppEnv>): void {
  api.get('/Overview', async (c) => {
    staffOf(c);
    return c.json(await overviewSummary(c.var.deps));
  });
}
