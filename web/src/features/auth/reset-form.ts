import { newPassword } from '@portal/contract';
import { z } from 'zod';
import { filled } from '../../lib/form-fields';

/**
 * The reset screen's form: the new password by the contract's rule, and its confirmation (whose
 * match the screen checks itself). Its own module so that the screen loads it, and zod, lazily.
 */
export const resetForm = z.object({
  password: filled('New Password is required', newPassword),
  confirmPassword: z.string().min(1, 'Confirm New Password is required'),
});
