import {
  apiPath,
  certificate,
  type Certificate,
  type CredentialIdentifier,
  type ReinstateBody,
  type RevokeBody,
  walletOffer,
} from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { CERTIFICATES_KEY } from './use-manage-certificates';
import { refreshAfterWrite } from '../../../lib/refresh';

/** GET /api/certificates/{id}/pdf and /credential (issue 11): the holder's and admins' downloads. */
export const certificateFileUrl = (c: Pick<Certificate, '_id'>, what: 'pdf' | 'credential') =>
  what === 'pdf'
    ? apiPath('/api/certificates/:id/pdf', { id: c._id })
    : apiPath('/api/certificates/:id/credential', { id: c._id });

/** POST /api/certificates/{id}/revoke (admin): the reason is required. */
export function useRevokeCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RevokeBody }) =>
      api('POST', apiPath('/api/certificates/:id/revoke', { id }), { body, schema: certificate }),
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: CERTIFICATES_KEY }),
  });
}

/** POST /api/certificates/{id}/reinstate (admin): undoes a revocation. */
export function useReinstateCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ReinstateBody }) =>
      api('POST', apiPath('/api/certificates/:id/reinstate', { id }), { body, schema: certificate }),
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: CERTIFICATES_KEY }),
  });
}

/**
 * PUT /api/certificates/{id}/identifier (finding F15): what the signed credential names the
 * holder by; the server signs it again and answers the certificate.
 */
export function useCredentialIdentifier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, kind }: { id: string; kind: CredentialIdentifier }) =>
      api('PUT', apiPath('/api/certificates/:id/identifier', { id }), { body: { kind }, schema: certificate }),
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: CERTIFICATES_KEY }),
  });
}

/**
 * POST /api/certificates/{id}/wallet-offer (issue 31, decision 0042): a fresh, single-use offer
 * of the credential to a wallet, good for WALLET_OFFER_MINUTES. Asked for on demand, never cached.
 */
export function useWalletOffer() {
  return useMutation({
    mutationFn: (id: string) =>
      api('POST', apiPath('/api/certificates/:id/wallet-offer', { id }), { schema: walletOffer }),
  });
}
