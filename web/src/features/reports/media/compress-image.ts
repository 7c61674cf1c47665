/** Issue 35: a phone's photo (often 4,000 px and 5 MB) is made smaller on the device before upload. */
export const LONGEST_SIDE = 2048;
export const JPEG_QUALITY = 0.8;
/** Under this, a photo that already fits is sent as it is: re-encoding would only lose quality. */
export const SMALL_ENOUGH = 1_500_000;

/** What to do with a chosen image: keep it, or draw it at this size as a JPEG. */
export type CompressionPlan = { keep: true } | { keep: false; width: number; height: number };

/**
 * Kept when it is not a still image the browser can draw (GIFs would lose their motion, SVGs are
 * not photos), or when it already fits and is small; otherwise scaled so its longest side is at
 * most LONGEST_SIDE, never enlarged.
 */
export function compressionPlan(type: string, bytes: number, width: number, height: number): CompressionPlan {
  if (!/^image\/(jpeg|png|webp|heic|heif|avif|bmp)$/.test(type)) return { keep: true };
  if (!(width > 0 && height > 0)) return { keep: true };
  const longest = Math.max(width, height);
  if (longest <= LONGEST_SIDE && bytes <= SMALL_ENOUGH) return { keep: true };
  const scale = Math.min(1, LONGEST_SIDE / longest);
  return { keep: false, width: Math.round(width * scale), height: Math.round(height * scale) };
}

/** Whether the result is worth sending instead of the original. */
export const smaller = (original: Blob, compressed: Blob | null) =>
  !!compressed && compressed.size > 0 && compressed.size < original.size;

const jpegName = (name: string) => `${name.replace(/\.[^.]+$/, '') || 'photo'}.jpg`;

/**
 * The photo as it is best sent: a JPEG at most LONGEST_SIDE px on its longest side, or the
 * original when the browser cannot draw it (no createImageBitmap, a format it cannot decode) or
 * the JPEG would not be smaller. Never throws: a photo is never lost to its compression.
 */
export async function compressImage(file: File): Promise<File> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  let bitmap: ImageBitmap | undefined;
  try {
    // The camera's orientation is applied, so a portrait photo stays upright once drawn.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const plan = compressionPlan(file.type, file.size, bitmap.width, bitmap.height);
    if (plan.keep) return file;
    const canvas = document.createElement('canvas');
    canvas.width = plan.width;
    canvas.height = plan.height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, plan.width, plan.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
    if (!smaller(file, blob)) return file;
    return new File([blob!], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    bitmap?.close();
  }
}
