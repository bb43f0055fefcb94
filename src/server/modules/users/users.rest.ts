// REST adapters of the users module for the documented /api paths: parse -> the same service -> DTO.
import type { Hono } from 'hono';
import type { AppEnv } from '../../http/env';

export function mountUsersRest(_api: Hono<AppEnv>): void {}
