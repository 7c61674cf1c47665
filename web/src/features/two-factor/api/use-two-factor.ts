import {
  apiPath,
  messageBody,
  mfaStatus,
  passkeyList,
  passkeyRegisterResponse,
  totpEnableResponse,
  totpSetupResponse,
} from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { newPasskey } from '../../../lib/passkeys';
import { refreshAfterWrite } from '../../../lib/refresh';

export const MFA_STATUS_KEY = ['auth', 'mfa'] as const;

/** GET /api/auth/mfa: whether TOTP is on, the recovery codes left, whether ADMIN_MFA requires it (issue 19). */
export const mfaStatusQueryOptions = () =>
  queryOptions({
    queryKey: MFA_STATUS_KEY,
    queryFn: ({ signal }) => api('GET', apiPath('/api/auth/mfa'), { schema: mfaStatus, signal }),
  });

export const useMfaStatus = () => useQuery(mfaStatusQueryOptions());

/** POST /api/auth/mfa/totp/setup: a new secret and its otpauth:// URI. */
export const useTotpSetup = () =>
  useMutation({ mutationFn: () => api('POST', apiPath('/api/auth/mfa/totp/setup'), { schema: totpSetupResponse }) });

/** POST /api/auth/mfa/totp/enable: turns TOTP on with a code; answers the recovery codes, once. */
export function useTotpEnable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api('POST', apiPath('/api/auth/mfa/totp/enable'), { body: { code }, schema: totpEnableResponse }),
    onSuccess: () => refreshAfterWrite(client, { queryKey: MFA_STATUS_KEY }),
  });
}

export const PASSKEYS_KEY = ['auth', 'mfa', 'passkeys'] as const;

/** GET /api/auth/mfa/passkeys: the account's passkeys, by name. */
export const passkeysQueryOptions = () =>
  queryOptions({
    queryKey: PASSKEYS_KEY,
    queryFn: ({ signal }) => api('GET', apiPath('/api/auth/mfa/passkeys'), { schema: passkeyList, signal }),
  });

export const usePasskeys = () => useQuery(passkeysQueryOptions());

/**
 * Adds a passkey: the server's options, the browser's navigator.credentials.create(), then
 * POST /api/auth/mfa/passkeys. On the account's first factor the answer holds the recovery codes.
 */
export function useAddPasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) =>
      api('POST', apiPath('/api/auth/mfa/passkeys'), {
        body: { name, response: await newPasskey() },
        schema: passkeyRegisterResponse,
      }),
    onSuccess: () => refreshAfterWrite(client, { queryKey: MFA_STATUS_KEY }),
  });
}

/** DELETE /api/auth/mfa/passkeys/:id. */
export function useRemovePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('DELETE', apiPath('/api/auth/mfa/passkeys/:id', { id }), { schema: messageBody }),
    onSuccess: () => refreshAfterWrite(client, { queryKey: MFA_STATUS_KEY }),
  });
}
