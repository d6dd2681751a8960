import { z } from 'zod';
import { DEVICE_TYPES } from './rules';

// Inputs of the push procedures; the browser's registration code builds them from its
// PushSubscription (keys in base64url, as PushSubscription.toJSON() gives them).

export const INVALID_SUBSCRIPTION = 'Invalid push subscription';

/** Push services are reached over https only (RFC 8030); anything else is refused. */
const endpoint = z
  .string({ error: INVALID_SUBSCRIPTION })
  .max(2048, { error: INVALID_SUBSCRIPTION })
  .refine((value) => URL.canParse(value) && new URL(value).protocol === 'https:', { error: INVALID_SUBSCRIPTION });

/** An uncompressed P-256 public key (65 bytes, first byte 0x04) and a 16-byte auth secret, base64url. */
const keys = z.object(
  {
    p256dh: z.string({ error: INVALID_SUBSCRIPTION }).regex(/^B[A-Za-z0-9_-]{86}=?$/, { error: INVALID_SUBSCRIPTION }),
    auth: z.string({ error: INVALID_SUBSCRIPTION }).regex(/^[A-Za-z0-9_-]{22}(==)?$/, { error: INVALID_SUBSCRIPTION }),
  },
  { error: INVALID_SUBSCRIPTION },
);

const device = {
  endpoint,
  keys,
  deviceType: z.enum(DEVICE_TYPES, { error: 'Device type must be mobile, tablet or desktop' }),
  userAgent: z.string().trim().max(512, { error: 'User agent is too long' }),
};

export const registerDeviceInput = z.object(device);

/** `previousEndpoint`: the token this browser had before its subscription changed (deleted first). */
export const refreshDeviceInput = z.object({ ...device, previousEndpoint: endpoint.optional() });

export const deviceEndpointInput = z.object({ endpoint });
