import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

/** A random, URL-safe token with `bytes` bytes of entropy (base32, lower case). */
export function randomToken(bytes = 20): string {
  const buffer = new Uint8Array(bytes);
  crypto.getRandomValues(buffer);
  return encodeBase32LowerCaseNoPadding(buffer);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);
