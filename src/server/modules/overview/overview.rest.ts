// REST adapters of the overview module for the documented /api paths: parse -> the same service -> DTO.
import type { Hono } from 'hono';
import type { AppEnv } from '../../http/env';

export function mountOverviewRest(_api: Hono<AppEnv>): void {}
