import {
  apiPath,
  ceActivity,
  type CeActivity,
  type CeActivityFields,
  messageBody,
  recertificationStatus,
  renewalApplied,
  uploadFileResponse,
} from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, uploadFile } from '../../../lib/api';
import { refreshAfterWrite } from '../../../lib/refresh';

/** Everything the Renewal tab of one certificate reads starts with this key. */
const renewalKey = (certificateId: string) => ['recertification', certificateId] as const;

/** GET /api/certificates/{id}/recertification (issue 33): the state, the hours and what is missing. */
export const recertificationStatusQueryOptions = (certificateId: string) =>
  queryOptions({
    queryKey: [...renewalKey(certificateId), 'status'] as const,
    queryFn: ({ signal }) =>
      api('GET', apiPath('/api/certificates/:id/recertification', { id: certificateId }), {
        schema: recertificationStatus,
        signal,
      }),
  });

export const useRecertificationStatus = (certificateId: string) =>
  useQuery(recertificationStatusQueryOptions(certificateId));

/** GET /api/ce-activities?certificateId=: the holder's activities on one certificate. */
export const useCeActivities = (certificateId: string) =>
  useQuery({
    queryKey: [...renewalKey(certificateId), 'activities'] as const,
    queryFn: ({ signal }) =>
      api('GET', apiPath('/api/ce-activities', undefined, { certificateId }), { schema: z.array(ceActivity), signal }),
  });

export interface SaveActivityInput {
  /** The activity to change; absent, a new one. */
  id?: string | undefined;
  fields: Omit<CeActivityFields, 'evidenceUrl'> & { evidenceUrl: string };
  /** A certificate of attendance to upload first (PDF or photo): it becomes the evidence. */
  evidence?: File | null | undefined;
  onProgress?: (fraction: number) => void;
}

/** An activity changes the hours counted: the tab's status and list are read again. */
function useInvalidateRenewal(certificateId: string) {
  const queryClient = useQueryClient();
  return () => refreshAfterWrite(queryClient, { queryKey: renewalKey(certificateId) });
}

/** POST or PUT /api/ce-activities, after uploading the evidence if one was picked. */
export function useSaveActivity(certificateId: string) {
  const invalidate = useInvalidateRenewal(certificateId);
  return useMutation({
    mutationFn: async ({ id, fields, evidence, onProgress }: SaveActivityInput): Promise<CeActivity> => {
      const evidenceUrl = evidence
        ? (await uploadFile(apiPath('/api/upload-file'), evidence, uploadFileResponse, onProgress)).fileUrl
        : fields.evidenceUrl;
      const body = { ...fields, evidenceUrl };
      return id
        ? api('PUT', apiPath('/api/ce-activities/:id', { id }), { body, schema: ceActivity })
        : api('POST', apiPath('/api/ce-activities'), { body: { ...body, certificateId }, schema: ceActivity });
    },
    onSettled: invalidate,
  });
}

/** DELETE /api/ce-activities/{id}. */
export function useDeleteActivity(certificateId: string) {
  const invalidate = useInvalidateRenewal(certificateId);
  return useMutation({
    mutationFn: (id: string) => api('DELETE', apiPath('/api/ce-activities/:id', { id }), { schema: messageBody }),
    onSettled: invalidate,
  });
}

/** POST /api/certificates/{id}/renewals with the member's attestation. */
export function useApplyForRenewal(certificateId: string) {
  const invalidate = useInvalidateRenewal(certificateId);
  return useMutation({
    mutationFn: () =>
      api('POST', apiPath('/api/certificates/:id/renewals', { id: certificateId }), {
        body: { attestation: true },
        schema: renewalApplied,
      }),
    onSettled: invalidate,
  });
}
