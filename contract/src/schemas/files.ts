import { z } from 'zod';

/** POST /api/upload-file answers `{ fileUrl }`; POST /api/upload answers `{ url }` (spec §7). */
export const uploadFileResponse = z.object({ fileUrl: z.string() });
export const uploadImageResponse = z.object({ url: z.string() });

/** GET /api/files/:id; `?format=html` asks for a Word document as HTML (the in-browser viewer). */
export const fileParams = z.strictObject({ id: z.string().max(64) });
export const fileQuery = z.strictObject({ format: z.enum(['html']).optional() });
