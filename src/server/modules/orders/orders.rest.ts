// REST adapters of the orders module for the documented /api paths: parse -> the same service -> DTO.
import type { Hono } from 'hono';
import type { AppEnv } from '../../http/env';

export function mountOrdersRest(_api: Hono<AppEnv>): void {}
