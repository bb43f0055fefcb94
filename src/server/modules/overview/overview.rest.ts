// REST adapter of the dashboard overview (not in the spec; the dashboard reads it over tRPC): GET /api/Overview.
import type { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { staffRoutes } from '../../http/auth';
import { overviewSummary } from './overview.service';

export function mountOverviewRest(api: Hono<AppEnv>): void {
  const staff = staffRoutes(api);
  staff.get('/Overview', async (c) => {
    return c.json(await overviewSummary(c.var.deps));
  });
}
