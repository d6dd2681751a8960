import { describe, expect, it } from 'vitest';
import { prefixBounds, prefixSuccessor } from '../../server/domains/studios/prefix-range';

// The upper bound of a prefix search (decision 030): the least string above every string that
// starts with the prefix, in code point order (the byte order of UTF-8 that ~<~ compares).
describe('prefixSuccessor', () => {
  it('raises the last code point by one', () => {
    expect(prefixSuccessor('new')).toBe('nex');
    expect(prefixSuccessor('5%')).toBe('5&');
    expect(prefixSuccessor('ñan')).toBe('ñao');
    // Beyond the basic plane the last code point is one character of two UTF-16 units.
    expect(prefixSuccessor('a😀')).toBe('a😁');
  });

  it('steps over the surrogates, which text cannot hold', () => {
    expect(prefixSuccessor('a\u{d7ff}')).toBe('a\u{e000}');
  });

  it('drops the greatest code point and raises the one before it; none is left, no bound', () => {
    expect(prefixSuccessor('a\u{10ffff}')).toBe('b');
    expect(prefixSuccessor('\u{10ffff}\u{10ffff}')).toBeNull();
  });
});

describe('prefixBounds', () => {
  it('bounds a lone surrogate as U+FFFD, which the driver sends in its place', () => {
    expect(prefixBounds('a\ud800')).toEqual({ from: 'a\ufffd', to: 'a\ufffe' });
    expect(prefixBounds('\udc00b')).toEqual({ from: '\ufffdb', to: '\ufffdc' });
  });
});
