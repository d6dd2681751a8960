import { describe, expect, it } from 'vitest';
import { parseServerState, serializeServerState } from '../../src/ssr/serverState';

describe("a server-rendered page's state", () => {
  const state = {
    queries: {
      mutations: [],
      queries: [
        {
          queryKey: ['studio'],
          queryHash: '["studio"]',
          state: { data: { bio: '</script><script>alert(1)</script><!-- \u2028\u2029', createdAt: new Date('2026-01-02T03:04:05Z') } },
        },
      ],
    },
    carts: { s1: '{"lines":[]}', s2: null },
  } as unknown as Parameters<typeof serializeServerState>[0];

  it('cannot end or bend its script tag: no `<`, and no raw line separators', () => {
    const text = serializeServerState(state);
    expect(text).not.toContain('<');
    expect(text).not.toMatch(/[\u2028\u2029]/);
  });

  it('reads back as it was, Dates included', () => {
    expect(parseServerState(serializeServerState(state))).toEqual(state);
  });
});
