import { z } from 'zod';

/** POST /api/upload-file answers `{ fileUrl }`; POST /api/upload answers `{ url }` (spec §7). */
export const uploadFileResponse = z.object({ fileUrl: z.string() });
export const uploadImageResponse = z.object({ url: z.string() });
