import fc from 'fast-check';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { fastSerialize, transformer } from '../../server/trpc/transformer';

// The fast writer must be indistinguishable from superjson on the wire: the same JSON document
// (annotation keys may come in another order: superjson's follow JavaScript's integer-key
// ordering at each level), which the client's superjson reads back to the same value.
const wire = (value: unknown) => JSON.stringify(transformer.serialize(value));
const outcome = (write: () => string): { text: string } | { error: unknown } => {
  try {
    return { text: write() };
  } catch (error) {
    return { error };
  }
};

const leaf = fc.oneof(
  fc.string(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.integer(),
  fc.double(),
  fc.date(),
  fc.date({ noInvalidDate: false }),
);
const key = fc.oneof(fc.string(), fc.constantFrom('a.b', 'a\\b', 'x\\.y', '0', '', '__proto__'));
const { tree } = fc.letrec((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('tree'), { maxLength: 4 }),
    fc.dictionary(key, tie('tree'), { maxKeys: 4 }),
  ),
}));

describe('tRPC transformer', () => {
  it('writes what superjson writes, for any mix of JSON values, Dates and undefined', () => {
    fc.assert(
      fc.property(tree, (value) => {
        const reference = outcome(() => JSON.stringify(superjson.serialize(value)));
        const ours = outcome(() => wire(value));
        // superjson refuses some values (a "__proto__" key): then so must the fast writer.
        expect('error' in ours).toBe('error' in reference);
        if ('text' in ours && 'text' in reference) {
          expect(JSON.parse(ours.text)).toStrictEqual(JSON.parse(reference.text));
          expect(transformer.deserialize(JSON.parse(ours.text))).toEqual(superjson.deserialize(JSON.parse(reference.text)));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('takes the fast path for plain answers and annotates Dates and undefined with escaped paths', () => {
    const createdAt = new Date('2026-11-23T10:00:00.000Z');
    const result = fastSerialize({ items: [{ id: 'a', 'x.y': createdAt, note: undefined }] });
    expect(result).toEqual({
      json: { items: [{ id: 'a', 'x.y': '2026-11-23T10:00:00.000Z', note: null }] },
      meta: { values: { 'items.0.x\\.y': ['Date'], 'items.0.note': ['undefined'] }, v: 1 },
    });
    expect(fastSerialize({ a: 1, b: ['c'] })).toEqual({ json: { a: 1, b: ['c'] } });
  });

  it('defers to superjson for values it does not write itself', () => {
    const shared = { id: 1 };
    class Money {
      cents = 5;
    }
    for (const value of [
      new Map([[1, 2]]),
      new Set([1]),
      10n,
      Number.NaN,
      -0,
      Number.POSITIVE_INFINITY,
      new Money(),
      [shared, shared],
      new Error('x'),
      new Date(Number.NaN),
      /re/,
    ]) {
      expect(fastSerialize({ value })?.json ?? 'deferred').toBe('deferred');
      expect(wire({ value })).toBe(JSON.stringify(superjson.serialize({ value })));
    }
  });
});
