/** Earners upload over slow mobile data: a phone photo is cut to this many pixels on its longer side. */
export const MAX_IMAGE_SIDE = 1600;
export const JPEG_QUALITY = 0.85;
/** Below this size a file that already fits is sent as it is: re-encoding would only cost quality. */
export const SMALL_IMAGE_BYTES = 400 * 1024;

/** The size an image of `width`×`height` is drawn at so that neither side exceeds `max`. */
export function fitWithin(width: number, height: number, max = MAX_IMAGE_SIDE): { width: number; height: number } {
  const longer = Math.max(width, height);
  if (longer <= max) return { width, height };
  const scale = max / longer;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function toJpeg(canvas: HTMLCanvasElement): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
}

/**
 * The file to upload: a large photo redrawn as a JPEG of at most MAX_IMAGE_SIDE pixels, or the
 * original when it is already small or the browser cannot decode it here (the server then decides).
 */
export async function shrinkImage(file: Blob): Promise<Blob> {
  if (typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height);
    const fits = size.width === bitmap.width && size.height === bitmap.height;
    if (fits && file.size <= SMALL_IMAGE_BYTES) return file;
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    // JPEG has no transparency: a screenshot's clear pixels become white, not black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const jpeg = await toJpeg(canvas);
    return jpeg && jpeg.size < file.size ? jpeg : file;
  } finally {
    bitmap.close();
  }
}
