import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';

/** What the database keeps of a secret token sent to a browser or by mail: its SHA-256, in hex. */
export const hashToken = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
