import { z } from 'zod';

/**
 * Issue 30 (F6, decision 0034): the secret that wraps the key sealing the member's drafts and
 * outbox on a device (32 bytes, base64url), and whose it is: the device asks for one member's key
 * and must not take another's (a second member signed in on the same browser) for it.
 */
export const deviceKeyResponse = z.object({ userId: z.string(), key: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });
export type DeviceKeyResponse = z.infer<typeof deviceKeyResponse>;
