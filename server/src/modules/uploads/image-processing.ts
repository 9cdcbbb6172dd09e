import { ErrorCode } from '@grab/shared/contracts';
import type { Sharp, SharpOptions } from 'sharp';
import { AppError } from '../../http/app-error';
import { DecodeSlots } from './decode-slots';
import { sniffImageFormat } from './image-format';

type SharpFactory = (input: Buffer, options?: SharpOptions) => Sharp;

let loading: Promise<SharpFactory> | null = null;

/**
 * libvips is loaded on the first picture, not at start: it holds tens of megabytes that a server
 * which never receives a screenshot (or has not yet) should not carry.
 */
function loadSharp(): Promise<SharpFactory> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // One libvips worker per image and no cache of decoded images between requests: a screenshot
    // is decoded once, and the process's memory must not grow with what it has seen.
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return loading;
}

export const MAX_SIDE = 8000;
export const MAX_PIXELS = 40_000_000;
/** Stored screenshots fit in this square: enough to read a phone screen, small on slow data. */
export const STORED_SIDE = 1600;
const WEBP_QUALITY = 80;
/**
 * How hard the WebP encoder searches (0–6; libvips's default is 4). The same quality at effort 2
 * took 0.59× the time for 1.05× the bytes, on forty of the app's own screens at a phone's
 * resolution (58 against 98 ms, 32.9 against 31.4 KB; bench/README.md, 2026-12-02): the encode is
 * most of an upload's CPU.
 */
const WEBP_EFFORT = 2;
/**
 * Pixels decoded at once in this process: as many as one picture of the largest size. A 40 MP
 * picture is 158 MB decoded: two at once took the embedded server from ~290 MB to ~540 MB in a burst
 * of eight (test/upload-burst-memory.test.ts), one keeps it near 450 MB. Phone screenshots, a few MP
 * each, decode two at a time; more would take the libuv pool's threads that files and password
 * hashing need.
 */
const decodeSlots = new DecodeSlots(MAX_PIXELS, 2);

export interface ProcessedImage {
  webp: Buffer;
  width: number;
  height: number;
}

const refused = (key: string, params: Record<string, string | number> = {}) => new AppError(ErrorCode.uploadRefused, key, params);

/** Width and height from the header alone: a 20000×20000 claim is refused before a pixel is allocated. */
async function headerSize(bytes: Buffer): Promise<{ width: number; height: number }> {
  // Outside the try: a decoder that cannot load is a fault of ours, not a corrupt picture.
  const sharp = await loadSharp();
  try {
    const { width, height } = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!width || !height) throw refused('uploads.corrupt');
    return { width, height };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refused('uploads.corrupt');
  }
}

/**
 * Checks an uploaded picture and re-encodes it: upright (EXIF orientation applied), at most
 * STORED_SIDE a side, WebP. Re-encoding drops every metadata block (GPS position, device, author),
 * and what is served later is our own encoder's output, never the earner's bytes.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length === 0 || !sniffImageFormat(bytes)) throw refused('uploads.notAnImage');
  const { width, height } = await headerSize(bytes);
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS) {
    throw refused('uploads.tooManyPixels', { side: MAX_SIDE, megapixels: MAX_PIXELS / 1_000_000 });
  }
  return decodeSlots.run(width * height, async () => {
    const sharp = await loadSharp();
    try {
      const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'warning' })
        .rotate()
        .resize({ width: STORED_SIDE, height: STORED_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT })
        .toBuffer({ resolveWithObject: true });
      return { webp: data, width: info.width, height: info.height };
    } catch {
      throw refused('uploads.corrupt');
    }
  });
}
