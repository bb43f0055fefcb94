import { describe, expect, it } from 'vitest';
import { localRedirect } from './local-redirect';

describe('localRedirect', () => {
  it('keeps paths inside the shop, with their query', () => {
    expect(localRedirect('/productDetails/12')).toBe('/productDetails/12');
    expect(localRedirect('/products?sort=price-asc&page=2')).toBe('/products?sort=price-asc&page=2');
  });

  it('refuses anything that could leave the shop or is not a path', () => {
    for (const bad of [
      'https://evil.example',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil',
      'javascript:alert(1)',
      'profile',
      '',
      42,
      null,
      undefined,
      `/${'a'.repeat(600)}`,
      '/a b',
    ]) {
      expect(localRedirect(bad)).toBeUndefined();
    }
  });
});
