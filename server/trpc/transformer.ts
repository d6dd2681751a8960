import superjson, { type SuperJSONResult } from 'superjson';

// superjson's serializer copies the path array at every node of the answer and checks every
// object against every ancestor; on a typical answer it was the largest single cost of a small
// query (about a tenth of auth.me's CPU). Almost every answer holds only JSON values, Dates and
// undefined, so those are written here in one tight pass with exactly superjson's output; any
// other value (Map, Set, bigint, NaN, -0, an Error, a class instance, an object reached twice)
// makes the whole answer go through superjson itself.

type Annotations = Record<string, ['Date'] | ['undefined']>;

const BAIL = Symbol('bail');

/** superjson's escaping of a key inside a dotted path. */
const escapeKey = (key: string) => key.replace(/\\/g, '\\\\').replace(/\./g, '\\.');

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** superjson's { json, meta } for values it would write the same way, or undefined to defer to it. */
export function fastSerialize(value: unknown): SuperJSONResult | undefined {
  // A lone Date or undefined carries its type in `values` itself; superjson handles those rare cases.
  if (value === undefined || value instanceof Date) return undefined;
  const annotations: Annotations = {};
  let annotated = false;
  const path: string[] = [];
  const seen = new Set<object>();
  const note = (type: 'Date' | 'undefined') => {
    annotations[path.map(escapeKey).join('.')] = [type];
    annotated = true;
  };

  const walk = (node: unknown): unknown => {
    switch (typeof node) {
      case 'string':
      case 'boolean':
        return node;
      case 'number':
        return Number.isFinite(node) && !Object.is(node, -0) ? node : BAIL;
      case 'undefined':
        // superjson writes undefined as null and restores it from the annotation.
        note('undefined');
        return null;
      case 'object': {
        if (node === null) return null;
        if (seen.has(node)) return BAIL;
        seen.add(node);
        if (node instanceof Date) {
          if (Number.isNaN(node.getTime())) return BAIL;
          note('Date');
          return node.toISOString();
        }
        if (Array.isArray(node)) {
          const out: unknown[] = new Array(node.length);
          for (let i = 0; i < node.length; i++) {
            if (!(i in node)) return BAIL;
            path.push(String(i));
            const item = walk(node[i]);
            path.pop();
            if (item === BAIL) return BAIL;
            out[i] = item;
          }
          return out;
        }
        if (!isPlainObject(node)) return BAIL;
        const out: Record<string, unknown> = {};
        for (const key of Object.keys(node)) {
          if (key === '__proto__' || key === 'constructor' || key === 'prototype') return BAIL;
          path.push(key);
          const item = walk(node[key]);
          path.pop();
          if (item === BAIL) return BAIL;
          out[key] = item;
        }
        return out;
      }
      default:
        return BAIL;
    }
  };

  const json = walk(value);
  if (json === BAIL) return undefined;
  return annotated ? ({ json, meta: { values: annotations, v: 1 } } as SuperJSONResult) : ({ json } as SuperJSONResult);
}

/** The transformer of every tRPC call: superjson's wire format, written faster for plain answers. */
export const transformer = {
  serialize: (value: unknown) => fastSerialize(value) ?? superjson.serialize(value),
  deserialize: (payload: unknown) => superjson.deserialize(payload as SuperJSONResult),
};

/** The JSON text of a value's wire form. */
export const wireJson = (value: unknown): string => JSON.stringify(transformer.serialize(value));
