// A minimal, vendored subset of the schema.org vocabulary (https://schema.org, release 29.x; the
// type pages cited below): the types and properties the app's JSON-LD uses (src/seo), each property
// with the value types schema.org expects of it ("Values expected to be one of these types" on its
// page). `validateJsonLd` checks a JSON-LD object against it, so a misspelt property, a property on
// a type that has none such, or a value of the wrong type fails the tests. The schema-dts typings
// are not installed (no new dependency this session): this subset is the check.

/** schema.org data types (https://schema.org/DataType) and how a JSON-LD value is one. */
const DATA_TYPES: Record<string, (value: unknown) => boolean> = {
  Text: (value) => typeof value === 'string' && value.length > 0,
  // https://schema.org/URL: an absolute URL.
  URL: (value) => typeof value === 'string' && /^https?:\/\/[^\s]+$/.test(value) && URL.canParse(value),
  Number: (value) => typeof value === 'number' && Number.isFinite(value),
  // https://schema.org/Date and /DateTime: ISO 8601.
  Date: (value) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value),
  DateTime: (value) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value),
  // https://schema.org/Time: hh:mm[:ss].
  Time: (value) => typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(value),
};

/** Enumerations: their members' URLs. */
const ENUMERATIONS: Record<string, string[]> = {
  // https://schema.org/DayOfWeek
  DayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday', 'PublicHolidays'].map(
    (d) => `https://schema.org/${d}`,
  ),
  // https://schema.org/ItemAvailability
  ItemAvailability: [
    'BackOrder',
    'Discontinued',
    'InStock',
    'InStoreOnly',
    'LimitedAvailability',
    'MadeToOrder',
    'OnlineOnly',
    'OutOfStock',
    'PreOrder',
    'PreSale',
    'Reserved',
    'SoldOut',
  ].map((d) => `https://schema.org/${d}`),
  // https://schema.org/OfferItemCondition
  OfferItemCondition: ['DamagedCondition', 'NewCondition', 'RefurbishedCondition', 'UsedCondition'].map((d) => `https://schema.org/${d}`),
};

type TypeDef = { parent?: string; properties: Record<string, string[]> };

/** Types (with the parent each inherits properties from) and their properties' expected types. */
const TYPES: Record<string, TypeDef> = {
  // https://schema.org/Thing
  Thing: {
    properties: {
      name: ['Text'],
      alternateName: ['Text'],
      description: ['Text'],
      url: ['URL'],
      image: ['ImageObject', 'URL'],
      sameAs: ['URL'],
    },
  },
  // https://schema.org/Place
  Place: {
    parent: 'Thing',
    properties: {
      address: ['PostalAddress', 'Text'],
      geo: ['GeoCoordinates'],
      openingHoursSpecification: ['OpeningHoursSpecification'],
      telephone: ['Text'],
    },
  },
  // https://schema.org/Organization
  Organization: {
    parent: 'Thing',
    properties: {
      address: ['PostalAddress', 'Text'],
      email: ['Text'],
      telephone: ['Text'],
      knowsAbout: ['Text', 'URL', 'Thing'],
      brand: ['Brand', 'Organization'],
    },
  },
  // https://schema.org/LocalBusiness (an Organization and a Place; its own properties here are those it uses)
  LocalBusiness: {
    parent: 'Organization',
    properties: { geo: ['GeoCoordinates'], openingHoursSpecification: ['OpeningHoursSpecification'], priceRange: ['Text'] },
  },
  // https://schema.org/HealthAndBeautyBusiness
  HealthAndBeautyBusiness: { parent: 'LocalBusiness', properties: {} },
  // https://schema.org/TattooParlor
  TattooParlor: { parent: 'HealthAndBeautyBusiness', properties: {} },
  // https://schema.org/Person
  Person: {
    parent: 'Thing',
    properties: {
      jobTitle: ['Text', 'DefinedTerm'],
      knowsAbout: ['Text', 'URL', 'Thing'],
      worksFor: ['Organization'],
      homeLocation: ['Place', 'ContactPoint'],
      email: ['Text'],
      telephone: ['Text'],
    },
  },
  // https://schema.org/PostalAddress (a ContactPoint; its own properties)
  PostalAddress: {
    parent: 'Thing',
    properties: {
      streetAddress: ['Text'],
      addressLocality: ['Text'],
      addressRegion: ['Text'],
      postalCode: ['Text'],
      addressCountry: ['Country', 'Text'],
    },
  },
  // https://schema.org/GeoCoordinates
  GeoCoordinates: { parent: 'Thing', properties: { latitude: ['Number', 'Text'], longitude: ['Number', 'Text'] } },
  // https://schema.org/OpeningHoursSpecification
  OpeningHoursSpecification: { parent: 'Thing', properties: { dayOfWeek: ['DayOfWeek'], opens: ['Time'], closes: ['Time'] } },
  // https://schema.org/Product
  Product: {
    parent: 'Thing',
    properties: {
      brand: ['Brand', 'Organization'],
      category: ['Text', 'URL', 'Thing'],
      offers: ['Offer'],
      sku: ['Text'],
      productID: ['Text'],
    },
  },
  // https://schema.org/Brand
  Brand: { parent: 'Thing', properties: {} },
  // https://schema.org/Offer
  Offer: {
    parent: 'Thing',
    properties: {
      price: ['Number', 'Text'],
      priceCurrency: ['Text'],
      availability: ['ItemAvailability'],
      itemCondition: ['OfferItemCondition'],
      seller: ['Organization', 'Person'],
    },
  },
  // https://schema.org/CreativeWork
  CreativeWork: {
    parent: 'Thing',
    properties: {
      headline: ['Text'],
      author: ['Organization', 'Person'],
      publisher: ['Organization', 'Person'],
      datePublished: ['Date', 'DateTime'],
      dateModified: ['Date', 'DateTime'],
      mainEntityOfPage: ['CreativeWork', 'URL'],
      keywords: ['Text', 'URL', 'DefinedTerm'],
    },
  },
  // https://schema.org/Article
  Article: { parent: 'CreativeWork', properties: { articleSection: ['Text'] } },
  // https://schema.org/SocialMediaPosting
  SocialMediaPosting: { parent: 'Article', properties: {} },
  // https://schema.org/BlogPosting
  BlogPosting: { parent: 'SocialMediaPosting', properties: {} },
  // https://schema.org/Blog
  Blog: { parent: 'CreativeWork', properties: {} },
  // https://schema.org/WebSite
  WebSite: { parent: 'CreativeWork', properties: {} },
  // https://schema.org/ImageObject (a MediaObject)
  ImageObject: { parent: 'CreativeWork', properties: { contentUrl: ['URL'], width: ['Number', 'Text'], height: ['Number', 'Text'] } },
};

/** Whether `type` is `ancestor` or one of its subtypes. */
export function isSubtype(type: string, ancestor: string): boolean {
  for (let t: string | undefined = type; t; t = TYPES[t]?.parent) if (t === ancestor) return true;
  return false;
}

function expectedTypes(type: string, property: string): string[] | undefined {
  for (let t: string | undefined = type; t; t = TYPES[t]?.parent) {
    const expected = TYPES[t]?.properties[property];
    if (expected) return expected;
  }
  return undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function matches(value: unknown, expected: string): boolean {
  if (DATA_TYPES[expected]) return DATA_TYPES[expected](value);
  if (ENUMERATIONS[expected]) return typeof value === 'string' && ENUMERATIONS[expected].includes(value);
  return isObject(value) && typeof value['@type'] === 'string' && isSubtype(value['@type'], expected);
}

/** Every fault of a JSON-LD object (and the objects inside it) against the vocabulary; [] when valid. */
export function validateJsonLd(value: unknown, path = '$'): string[] {
  if (!isObject(value)) return [`${path}: not an object`];
  const type = value['@type'];
  if (typeof type !== 'string' || !TYPES[type]) return [`${path}: unknown @type ${JSON.stringify(type)}`];
  const faults: string[] = [];
  for (const [property, propertyValue] of Object.entries(value)) {
    if (property === '@type') continue;
    if (property === '@context') {
      if (propertyValue !== 'https://schema.org') faults.push(`${path}.@context: ${JSON.stringify(propertyValue)}`);
      continue;
    }
    if (property === '@id') {
      if (!DATA_TYPES.URL(propertyValue)) faults.push(`${path}.@id: not a URL`);
      continue;
    }
    const expected = expectedTypes(type, property);
    if (!expected) {
      faults.push(`${path}.${property}: not a property of ${type}`);
      continue;
    }
    const values = Array.isArray(propertyValue) ? propertyValue : [propertyValue];
    if (values.length === 0) faults.push(`${path}.${property}: empty`);
    values.forEach((item, index) => {
      const at = Array.isArray(propertyValue) ? `${path}.${property}[${index}]` : `${path}.${property}`;
      if (!expected.some((e) => matches(item, e))) faults.push(`${at}: ${JSON.stringify(item)} is not ${expected.join(' or ')}`);
      else if (isObject(item)) faults.push(...validateJsonLd(item, at));
    });
  }
  return faults;
}

/**
 * Google's required properties for a Product rich result with an offer
 * (https://developers.google.com/search/docs/appearance/structured-data/product-snippet and
 * merchant-listing): name, and an Offer with price, priceCurrency and availability.
 */
export function productRichResultFaults(value: Record<string, unknown>): string[] {
  const faults: string[] = [];
  if (value['@type'] !== 'Product') faults.push('@type is not Product');
  if (typeof value.name !== 'string' || value.name === '') faults.push('name missing');
  const offers = (Array.isArray(value.offers) ? value.offers : [value.offers]) as Array<Record<string, unknown> | undefined>;
  if (!offers[0]) faults.push('offers missing');
  for (const offer of offers.filter(Boolean) as Array<Record<string, unknown>>) {
    if (!(typeof offer.price === 'number' || (typeof offer.price === 'string' && /^\d+(\.\d+)?$/.test(offer.price))))
      faults.push('offers.price missing or not a decimal');
    if (typeof offer.priceCurrency !== 'string' || !/^[A-Z]{3}$/.test(offer.priceCurrency))
      faults.push('offers.priceCurrency missing or not ISO 4217');
    if (!ENUMERATIONS.ItemAvailability.includes(offer.availability as string)) faults.push('offers.availability missing');
  }
  return faults;
}
