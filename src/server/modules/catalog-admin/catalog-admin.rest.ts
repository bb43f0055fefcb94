// REST adapters of the catalog-admin module for the documented /api paths: parse -> the same service -> DTO.
import type { Hono } from 'hono';
import type { AppEnv } from '../../http/env';

export function mountCatalogAdminRest(_api: Hono<AppEnv>): void {}
