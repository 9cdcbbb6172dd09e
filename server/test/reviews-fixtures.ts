import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Db } from '../src/db/database';
import { taskRuns, taskSteps, tasks, uploads, users } from '../src/db/schema';
import { submitProof } from '../src/modules/tasks/proof-submissions.service';
import { call } from './helper';

/** A small valid picture in a given format, made by the same library the server decodes with. */
export function picture(format: 'jpeg' | 'png' | 'webp' | 'gif' = 'png', width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();
}

const CONTENT_TYPES = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' } as const;

export async function uploadBytes(app: FastifyInstance, token: string, body: Buffer, contentType: string, language = 'en-US') {
  return call<{ id: string; width: number; height: number }>(app, {
    method: 'POST',
    url: '/app/upload/image',
    token,
    headers: { 'content-type': contentType, 'accept-language': language },
    payload: body,
  });
}

/** Uploads a fresh valid picture and returns its id. */
export async function uploadPicture(app: FastifyInstance, token: string, format: 'jpeg' | 'png' | 'webp' = 'png'): Promise<string> {
  const { status, body } = await uploadBytes(app, token, await picture(format), CONTENT_TYPES[format]);
  if (status !== 200 || !body.data) throw new Error(`upload failed: ${status} ${JSON.stringify(body)}`);
  return body.data.id;
}

export async function makeReviewer(db: Db, userId: number, role: 'reviewer' | 'admin' = 'reviewer'): Promise<void> {
  await db.update(users).set({ role }).where(eq(users.id, userId));
}

export interface AuditRun {
  taskId: number;
  runId: number;
  reward: number;
}

let titleCounter = 0;

/** An audit task of its own with one proof step, and the earner's run of it waiting for review. */
export async function auditRun(db: Db, userId: number, reward = 250_00, proofPictures = 1): Promise<AuditRun> {
  titleCounter += 1;
  const [task] = await db
    .insert(tasks)
    .values({ kind: 'audit', schedule: 'once', title: `Review fixture ${titleCounter}`, description: 'Upload proof', reward, proofPictures, texts: {} })
    .returning({ id: tasks.id });
  if (!task) throw new Error('task insert failed');
  await db.insert(taskSteps).values({ taskId: task.id, position: 0, h5Url: '/auditTask', title: 'Upload the screenshot', action: 'proof' });
  const [run] = await db
    .insert(taskRuns)
    .values({ userId, taskId: task.id, period: 'once', seq: 1, step: 1, status: 'underReview' })
    .returning({ id: taskRuns.id });
  if (!run) throw new Error('run insert failed');
  return { taskId: task.id, runId: run.id, reward };
}

export interface SubmitOptions {
  pictures: string[];
  required?: number;
  now?: Date;
  deadlineMinutes?: number;
}

export function submit(db: Db, userId: number, run: AuditRun, options: SubmitOptions): Promise<number> {
  return db.transaction((tx) =>
    submitProof(tx, {
      userId,
      runId: run.runId,
      taskId: run.taskId,
      pictures: options.pictures,
      required: options.required ?? 1,
      now: options.now ?? new Date(),
      deadlineMinutes: options.deadlineMinutes ?? 48 * 60,
    }),
  );
}

/** What a refused request may not leave behind: a row or a file (temp files included). */
export async function storedUploads(db: Db, dir: string): Promise<{ rows: number; files: number }> {
  const rows = await db.select({ id: uploads.id }).from(uploads);
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
  return { rows: rows.length, files };
}
