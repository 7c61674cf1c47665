import { mfaStatus, totpEnableResponse, totpSetupResponse } from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const MFA_STATUS_KEY = ['auth', 'mfa'] as const;

/** GET /api/auth/mfa: whether TOTP is on, the recovery codes left, whether ADMIN_MFA requires it (issue 19). */
export const mfaStatusQueryOptions = () =>
  queryOptions({
    queryKey: MFA_STATUS_KEY,
    queryFn: ({ signal }) => api('GET', '/api/auth/mfa', { schema: mfaStatus, signal }),
  });

export const useMfaStatus = () => useQuery(mfaStatusQueryOptions());

/** POST /api/auth/mfa/totp/setup: a new secret and its otpauth:// URI. */
export const useTotpSetup = () =>
  useMutation({ mutationFn: () => api('POST', '/api/auth/mfa/totp/setup', { schema: totpSetupResponse }) });

/** POST /api/auth/mfa/totp/enable: turns TOTP on with a code; answers the recovery codes, once. */
export function useTotpEnable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api('POST', '/api/auth/mfa/totp/enable', { body: { code }, schema: totpEnableResponse }),
    onSuccess: () => client.invalidateQueries({ queryKey: MFA_STATUS_KEY }),
  });
}
