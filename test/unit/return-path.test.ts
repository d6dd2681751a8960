import { describe, expect, it } from 'vitest';
import { returnPath } from '../../server/domains/auth/rules';

// Where sign-in, registration, the e-mailed link and Google send a visitor back to (decision 034):
// only a path of this site, never another origin (an open redirect).

describe('returnPath', () => {
  it.each([
    ['/artist/ink?act=follow', '/artist/ink?act=follow'],
    ['/artist/ink/booking', '/artist/ink/booking'],
    ['/storefront/1/product/2?act=add-to-cart#top', '/storefront/1/product/2?act=add-to-cart#top'],
    ['/', '/'],
  ])('keeps the same-origin path %s', (input, expected) => {
    expect(returnPath(input)).toBe(expected);
  });

  it.each([
    [undefined],
    [''],
    ['https://evil.example/'],
    ['//evil.example/path'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['/%2F%2Fevil.example'],
    ['javascript:alert(1)'],
    ['/\tfoo'],
    ['/a\nb'],
    ['artist/ink'],
    [`/${'a'.repeat(2100)}`],
    [42],
  ])('refuses %s (the home page instead)', (input) => {
    expect(returnPath(input)).toBeNull();
  });
});
