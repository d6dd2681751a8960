import fc from 'fast-check';

// Bad input for any procedure, derived from its own zod input schema: mostly well-shaped values
// (so calls get past validation and into the services) with hostile values mixed in at every
// level: wrong types, boundary lengths, injection strings, ids of real rows, extra keys, and the
// values superjson carries over the wire (undefined, Date, NaN, ±Infinity, -0, BigInt, Map, Set).

type ZodDef = {
  type: string;
  format?: string;
  pattern?: RegExp;
  checks?: Array<{ _zod: { def: Record<string, unknown> } }>;
  shape?: Record<string, ZodLike>;
  innerType?: ZodLike;
  element?: ZodLike;
  in?: ZodLike;
  out?: ZodLike;
  options?: ZodLike[];
  items?: ZodLike[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  keyType?: ZodLike;
  valueType?: ZodLike;
  getter?: () => ZodLike;
};
type ZodLike = { _zod?: { def: ZodDef } } | undefined;

/** Strings that have broken real services: SQL and LIKE metacharacters, paths, markup, control and astral characters. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\t\n',
  "'; drop table users; --",
  "' or '1'='1",
  '%',
  '_',
  '%_\\',
  '\\',
  '\u0000',
  'a\u0000b',
  '../../../../etc/passwd',
  '/files/../../package.json',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  '😀'.repeat(40),
  '\u202e\u0301\ufeff',
  '\ud800',
  'NaN',
  '-1',
  '1e309',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'not-a-uuid',
  'a@b',
  'javascript:alert(1)',
  'http://127.0.0.1:1/',
  '9'.repeat(400),
  'x'.repeat(5000),
];

/** Keys a mass-assignment attempt would add to an object. */
const EXTRA_KEYS = ['id', 'userId', 'ownerId', 'userTypes', 'role', 'isAdmin', 'deleted', 'status', 'total', 'price', '__proto__', 'constructor'];

const hostileScalar = fc.oneof(
  fc.constantFrom<unknown>(
    undefined,
    null,
    true,
    false,
    0,
    -0,
    -1,
    1.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.MAX_SAFE_INTEGER + 2,
    -(2 ** 31) - 1,
    2 ** 31,
    1e308,
    BigInt('123456789012345678901234567890'),
    new Date(Number.NaN),
    new Date(8.64e15),
    new Date(-8.64e15),
    [],
    {},
    [[[[[]]]]],
    new Map([['a', 1]]),
    new Set([1]),
  ),
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ maxLength: 40, unit: 'binary' }),
  fc.integer(),
  fc.double(),
);

/** Any wrong value: a hostile scalar or a small random JSON structure. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof({ weight: 4, arbitrary: hostileScalar }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) });

function checkDefs(def: ZodDef): Array<Record<string, unknown>> {
  return (def.checks ?? []).map((c) => c._zod.def);
}

function lengthBounds(def: ZodDef, fallbackMax: number) {
  let min = 0;
  let max = fallbackMax;
  for (const c of checkDefs(def)) {
    if (c.check === 'min_length') min = Number(c.minimum);
    if (c.check === 'max_length') max = Number(c.maximum);
    if (c.check === 'length_equals') min = max = Number(c.length);
  }
  return { min, max: Math.max(min, max) };
}

export type ArbitraryOptions = {
  /** Ids of real rows (the caller's own and other people's), so some calls reach real records. */
  knownIds: string[];
  /** Out of 10 draws at each level, how many are hostile rather than well-shaped. */
  hostileWeight?: number;
};

/** Values the schema accepts more or less, with hostile values mixed in at every level. */
export function arbitraryFor(schema: ZodLike, options: ArbitraryOptions, depth = 0): fc.Arbitrary<unknown> {
  const wellShaped = shaped(schema, options, depth);
  const weight = options.hostileWeight ?? 2;
  return fc.oneof({ weight: 10 - weight, arbitrary: wellShaped }, { weight, arbitrary: hostile });
}

function shaped(schema: ZodLike, options: ArbitraryOptions, depth: number): fc.Arbitrary<unknown> {
  const def = schema?._zod?.def;
  if (!def || depth > 6) return hostile;
  const next = (s: ZodLike) => arbitraryFor(s, options, depth + 1);
  switch (def.type) {
    case 'string':
      return stringFor(def, options);
    case 'number': {
      const checks = checkDefs(def);
      const integer = checks.some((c) => c.check === 'number_format' && String(c.format).includes('int'));
      let min = integer ? -1000 : -1e6;
      let max = integer ? 1_000_000 : 1e6;
      for (const c of checks) {
        if (c.check === 'greater_than') min = Number(c.value) + (c.inclusive ? 0 : integer ? 1 : 1e-9);
        if (c.check === 'less_than') max = Number(c.value) - (c.inclusive ? 0 : integer ? 1 : 1e-9);
      }
      const inRange = integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) }) : fc.double({ min, max: Math.max(min, max), noNaN: true });
      return fc.oneof(inRange, fc.constantFrom(min, max, min - 1, max + 1, 0));
    }
    case 'int':
    case 'bigint':
      return fc.oneof(fc.integer(), fc.constantFrom(0, -1, 2 ** 53));
    case 'boolean':
      return fc.boolean();
    case 'date':
      return fc.oneof(fc.date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true }), fc.constantFrom(new Date(Number.NaN)));
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'enum':
      return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...Object.values(def.entries ?? { a: 'a' })) }, { weight: 1, arbitrary: fc.constantFrom('', 'ADMIN', 'AppAdmin', 'unknown') });
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(next(def.innerType), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(next(def.innerType), { nil: null, freq: 4 });
    case 'readonly':
    case 'catch':
    case 'nonoptional':
    case 'success':
      return next(def.innerType);
    case 'lazy':
      return depth > 3 ? hostile : next(def.getter?.());
    case 'pipe':
      // The value a caller sends is the pipe's input side.
      return shaped(def.in, options, depth);
    case 'transform':
    case 'any':
    case 'unknown':
      return hostile;
    case 'array':
    case 'set': {
      const { min, max } = lengthBounds(def, 6);
      return fc.array(next(def.element ?? def.valueType), { minLength: Math.min(min, 4), maxLength: Math.min(Math.max(max, min), min + 6) });
    }
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map(next));
    case 'union':
      return fc.oneof(...(def.options ?? []).map((o) => shaped(o, options, depth + 1)));
    case 'intersection':
      return hostile;
    case 'record':
      return fc.dictionary(fc.oneof(shaped(def.keyType, options, depth + 1).map(String), fc.constantFrom(...EXTRA_KEYS)), next(def.valueType), { maxKeys: 4 });
    case 'object': {
      const shape = def.shape ?? {};
      const keys = Object.keys(shape);
      const required = keys.filter((k) => !['optional', 'default', 'prefault'].includes(shape[k]?._zod?.def.type ?? ''));
      const model = Object.fromEntries(keys.map((k) => [k, next(shape[k])]));
      const record = fc.record(model, { requiredKeys: required });
      // Sometimes a required key goes missing, sometimes extra keys try mass assignment.
      return fc.tuple(record, fc.subarray(required, { maxLength: Math.min(1, required.length) }), fc.dictionary(fc.constantFrom(...EXTRA_KEYS), hostile, { maxKeys: 2 }), fc.nat(9)).map(
        ([value, dropped, extra, roll]) => {
          // A well-formed sample (hostileWeight 0) carries no extra keys: '__proto__' and
          // 'constructor' would make the client's serializer refuse it before any request.
          const out: Record<string, unknown> = roll === 0 && options.hostileWeight !== 0 ? { ...extra, ...value } : { ...value };
          if (roll === 1) for (const key of dropped) delete out[key];
          return out;
        },
      );
    }
    default:
      return hostile;
  }
}

function stringFor(def: ZodDef, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  const { min, max } = lengthBounds(def, 60);
  const ids = options.knownIds.length > 0 ? fc.constantFrom(...options.knownIds) : fc.uuid();
  switch (def.format) {
    case 'uuid':
    case 'guid':
      return fc.oneof({ weight: 3, arbitrary: ids }, { weight: 1, arbitrary: fc.uuid() }, { weight: 1, arbitrary: fc.oneof(fc.constant('00000000-0000-0000-0000-000000000000'), ids.map((id) => id.toUpperCase())) });
    case 'email':
      return fc.oneof(fc.emailAddress(), fc.constantFrom('A@B.CO', 'user+tag@example.com', `${'a'.repeat(250)}@example.com`));
    case 'url':
      return fc.oneof(fc.webUrl(), fc.constantFrom('/files/users/x/y.webp', 'javascript:alert(1)', 'http://127.0.0.1:1/'));
    case 'datetime':
    case 'date':
      return fc.date({ noInvalidDate: true, min: new Date('1900-01-01'), max: new Date('2200-01-01') }).map((d) => (def.format === 'date' ? d.toISOString().slice(0, 10) : d.toISOString()));
    default:
      break;
  }
  const regex = checkDefs(def).find((c) => c.check === 'string_format' && c.pattern instanceof RegExp)?.pattern as RegExp | undefined;
  const length = { minLength: Math.min(min, 200), maxLength: Math.min(max, 200) };
  const plain = fc.oneof(fc.string({ ...length, unit: 'grapheme' }), fc.string({ ...length, unit: 'binary' }));
  const boundary = fc.constantFrom(
    'a'.repeat(Math.min(min, 10_000)),
    'a'.repeat(Math.min(max, 10_000)),
    'a'.repeat(Math.min(max + 1, 10_001)),
    ' '.repeat(Math.max(min, 1)),
  );
  const ascii = fc.string({ ...length, unit: 'grapheme-ascii' });
  const arbitraries: fc.Arbitrary<unknown>[] = [plain, boundary, ascii, fc.constantFrom(...HOSTILE_STRINGS), ids];
  if (regex) arbitraries.push(fc.stringMatching(regex, { size: 'small' }));
  return fc.oneof(...arbitraries);
}
