import { createHash } from 'node:crypto';
import { ErrorCode, UploadId, type UploadedImage } from '@grab/shared/contracts';
import type { Db } from '../../db/database';
import { AppError, errors } from '../../http/app-error';
import { canReview } from '../reviews/reviewer-role';
import { processImage } from './image-processing';
import { newUploadId, publish, readUpload, removeQuietly, uploadPath, writeTemp } from './upload-files';
import { findUpload, insertUpload, lockUploader, uploadsInLastHour } from './uploads.repository';

export interface UploadsContext {
  db: Db;
  dir: string;
  perHour: number;
}

const STORED_MIME = 'image/webp';

/** Checked before the body is read (cheap refusal) and again under the earner's lock (exact). */
export async function assertUnderHourlyLimit(db: Db, perHour: number, userId: number): Promise<void> {
  if ((await uploadsInLastHour(db, userId)) >= perHour) throw new AppError(ErrorCode.tooManyRequests, 'uploads.tooMany');
}

/**
 * Stores an earner's screenshot. The file is renamed into place inside the transaction that
 * inserts its row, and removed again if that transaction does not commit: a row never points at a
 * missing file, and a refused upload leaves nothing behind.
 */
export async function storeUpload(ctx: UploadsContext, userId: number, bytes: Buffer): Promise<UploadedImage> {
  const image = await processImage(bytes);
  const id = newUploadId();
  const temp = writeTemp(ctx.dir, image.webp);
  try {
    await ctx.db.transaction(async (tx) => {
      await lockUploader(tx, userId);
      if ((await uploadsInLastHour(tx, userId)) >= ctx.perHour) throw new AppError(ErrorCode.tooManyRequests, 'uploads.tooMany');
      await insertUpload(tx, {
        id,
        userId,
        mime: STORED_MIME,
        bytes: image.webp.length,
        width: image.width,
        height: image.height,
        // Of the bytes as sent: the same file from two earners is the same picture, whatever our encoder makes of it.
        contentHash: createHash('sha256').update(bytes).digest('hex'),
      });
      publish(temp, ctx.dir, id);
    });
  } catch (error) {
    await removeQuietly(temp);
    await removeQuietly(uploadPath(ctx.dir, id));
    throw error;
  }
  return { id, width: image.width, height: image.height };
}

/**
 * The stored picture for its owner or a reviewer. Everyone else, and every unknown or malformed id,
 * gets the same not-found: an answer must not tell whether someone else's id exists.
 */
export async function imageForViewer(ctx: UploadsContext, viewerId: number, id: string): Promise<Buffer> {
  if (!UploadId.safeParse(id).success) throw errors.notFound();
  const upload = await findUpload(ctx.db, id);
  if (!upload) throw errors.notFound();
  if (upload.userId !== viewerId && !(await canReview(ctx.db, viewerId))) throw errors.notFound();
  const bytes = await readUpload(ctx.dir, id);
  if (!bytes) throw errors.notFound();
  return bytes;
}
