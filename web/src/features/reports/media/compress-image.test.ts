import { describe, expect, it } from 'vitest';
import { compressImage, compressionPlan, LONGEST_SIDE, SMALL_ENOUGH, smaller } from './compress-image';

describe('compressionPlan', () => {
  it('scales a large photo so its longest side is 2048 px, keeping its shape', () => {
    expect(compressionPlan('image/jpeg', 5_000_000, 4032, 3024)).toEqual({ keep: false, width: 2048, height: 1536 });
    expect(compressionPlan('image/png', 5_000_000, 3000, 6000)).toEqual({ keep: false, width: 1024, height: 2048 });
  });

  it('keeps a photo that already fits and is small', () => {
    expect(compressionPlan('image/jpeg', SMALL_ENOUGH, LONGEST_SIDE, 1000)).toEqual({ keep: true });
    expect(compressionPlan('image/png', 20_000, 64, 64)).toEqual({ keep: true });
  });

  it('re-encodes a heavy photo that fits, without enlarging it', () => {
    expect(compressionPlan('image/png', SMALL_ENOUGH + 1, 1200, 800)).toEqual({
      keep: false,
      width: 1200,
      height: 800,
    });
  });

  it('keeps what is not a still photo, or has no size', () => {
    expect(compressionPlan('image/gif', 9_000_000, 4000, 3000)).toEqual({ keep: true });
    expect(compressionPlan('image/svg+xml', 9_000_000, 4000, 3000)).toEqual({ keep: true });
    expect(compressionPlan('video/mp4', 9_000_000, 4000, 3000)).toEqual({ keep: true });
    expect(compressionPlan('image/jpeg', 9_000_000, 0, 0)).toEqual({ keep: true });
  });
});

describe('smaller', () => {
  it('takes the JPEG only when it is smaller than the original', () => {
    const original = new Blob([new Uint8Array(100)]);
    expect(smaller(original, new Blob([new Uint8Array(60)]))).toBe(true);
    expect(smaller(original, new Blob([new Uint8Array(100)]))).toBe(false);
    expect(smaller(original, new Blob([]))).toBe(false);
    expect(smaller(original, null)).toBe(false);
  });
});

describe('compressImage', () => {
  it('keeps the original where the browser cannot draw images', async () => {
    // jsdom has no createImageBitmap, like older browsers.
    const file = new File([new Uint8Array(10)], 'photo.jpg', { type: 'image/jpeg' });
    expect(await compressImage(file)).toBe(file);
  });
});
