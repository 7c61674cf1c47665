import { apiPath, uploadImageResponse, user as userSchema, type profileUpdate } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, uploadFile } from '../../../lib/api';
import { conflictCurrent, ifMatch } from '../../../lib/edit-conflict';
import { useAuth } from '../../auth/store';

export interface UpdateProfileInput {
  id: string;
  email: string;
  /** The version the profile was opened at: a stale one is refused with 412 (issue 16). */
  version?: number;
  values: z.output<typeof profileUpdate>;
  /** A new picture: uploaded first; if that fails nothing is saved (spec §7). */
  picture?: File | null;
}

/**
 * PUT /api/users/{id} for one's own profile; the answer refreshes the user in place (ARCHITECTURE
 * §6). Refused because an admin changed the profile meanwhile (issue 16), the screen shows the
 * profile as it is now.
 */
export function useUpdateProfile() {
  const setUser = useAuth((s) => s.setUser);
  return useMutation({
    mutationFn: async ({ id, email, version, values, picture }: UpdateProfileInput) => {
      let pictureUrl = values.picture;
      if (picture) {
        pictureUrl = (await uploadFile(apiPath('/api/upload'), picture, uploadImageResponse, undefined, 'image')).url;
      }
      return api('PUT', apiPath('/api/users/:id', { id }), {
        // spec §7 sends the e-mail too; the server ignores it (ARCHITECTURE §5).
        body: { ...values, email, picture: pictureUrl },
        headers: ifMatch(version),
        schema: userSchema,
      });
    },
    onSuccess: (saved) => setUser(saved),
    onError: (err) => {
      const current = conflictCurrent(err, userSchema);
      if (current) setUser(current);
    },
  });
}
