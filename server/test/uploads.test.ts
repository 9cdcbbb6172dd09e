import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { UPLOAD_MAX_BYTES } from '@grab/shared/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../src/db/schema';
import { sweepStaleTemps } from '../src/modules/uploads/upload-files';
import { call, engines, registerEarner, type Registered, testConfig, useTestContext } from './helper';
import { makeReviewer, picture, storedUploads, uploadBytes, uploadPicture } from './reviews-fixtures';

const PER_HOUR = 40;

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 69-byte PNG whose header claims width × height: decoding it would allocate every claimed pixel. */
function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(64))), pngChunk('IEND', Buffer.alloc(0))]);
}

async function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    // Orientation 6: the camera held sideways; the stored picture must come out upright (48 × 64).
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Copyright: 'secret-owner-name' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '28/1 36/1 0/1' } })
    .toBuffer();
}

describe.each(engines)('screenshot uploads (%s)', (engine) => {
  const ctx = useTestContext(engine, testConfig({ UPLOADS_PER_HOUR: String(PER_HOUR) }));
  let owner: Registered;
  let stranger: Registered;
  let reviewer: Registered;

  beforeAll(async () => {
    [owner, stranger, reviewer] = [await registerEarner(ctx.app), await registerEarner(ctx.app), await registerEarner(ctx.app)];
    await makeReviewer(ctx.db, reviewer.userId);
  });

  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
  const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
  const refusals: { name: string; body: () => Promise<Buffer> | Buffer; type: string; status: number; msg: string }[] = [
    { name: 'HTML renamed .png', body: () => html, type: 'image/png', status: 400, msg: 'Please choose a JPEG, PNG or WebP picture' },
    { name: 'SVG', body: () => svg, type: 'image/svg+xml', status: 400, msg: 'Please choose a JPEG, PNG or WebP picture' },
    { name: 'SVG sent as PNG', body: () => svg, type: 'image/png', status: 400, msg: 'Please choose a JPEG, PNG or WebP picture' },
    { name: 'GIF', body: () => picture('gif'), type: 'image/gif', status: 400, msg: 'Please choose a JPEG, PNG or WebP picture' },
    { name: 'PDF', body: () => Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF'), type: 'application/octet-stream', status: 400, msg: 'Please choose a JPEG, PNG or WebP picture' },
    { name: 'an empty body', body: () => Buffer.alloc(0), type: 'image/png', status: 400, msg: 'Please choose a JPEG, PNG or WebP picture' },
    { name: 'an HTML content type', body: () => html, type: 'text/html', status: 400, msg: 'Please choose a JPEG, PNG or WebP picture' },
    {
      name: 'a 20000×20000 PNG header',
      body: () => pngClaiming(20_000, 20_000),
      type: 'image/png',
      status: 400,
      msg: 'The picture is too big: at most 8000 pixels a side and 40 megapixels',
    },
    {
      name: '7000×7000 (each side fits, 49 megapixels do not)',
      body: () => pngClaiming(7_000, 7_000),
      type: 'image/png',
      status: 400,
      msg: 'The picture is too big: at most 8000 pixels a side and 40 megapixels',
    },
    {
      name: 'an 11 MB body',
      body: () => Buffer.concat([pngClaiming(100, 100), Buffer.alloc(11 * 1024 * 1024)]),
      type: 'image/png',
      status: 413,
      msg: 'The picture is larger than 10 MB',
    },
    {
      name: 'a corrupt PNG (right signature, garbage after)',
      body: () => Buffer.concat([pngClaiming(10, 10).subarray(0, 8), Buffer.from('garbage'.repeat(50))]),
      type: 'image/png',
      status: 400,
      msg: 'The picture could not be read. Please take the screenshot again',
    },
    {
      name: 'a truncated JPEG',
      body: async () => (await picture('jpeg', 400, 300)).subarray(0, 300),
      type: 'image/jpeg',
      status: 400,
      msg: 'The picture could not be read. Please take the screenshot again',
    },
  ];

  it.each(refusals)('refuses $name with its message and stores nothing', async ({ body, type, status, msg }) => {
    const before = await storedUploads(ctx.db, ctx.config.uploadsDir);
    const result = await uploadBytes(ctx.app, owner.token, await body(), type);
    expect(result.status).toBe(status);
    expect(result.body.code).toBe(status === 413 ? 413 : 1401);
    expect(result.body.msg).toBe(msg);
    expect(result.body.data).toBeNull();
    expect(await storedUploads(ctx.db, ctx.config.uploadsDir)).toEqual(before);
  });

  it('refuses in the earner’s language', async () => {
    const tooBig = await uploadBytes(ctx.app, owner.token, Buffer.alloc(UPLOAD_MAX_BYTES + 1, 0xff), 'image/jpeg', 'ur-PK');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.msg).toBe('تصویر 10 MB سے بڑی ہے');
    const notImage = await uploadBytes(ctx.app, owner.token, html, 'image/png', 'hi-IND');
    expect(notImage.body.msg).toBe('Silakan pilih gambar JPEG, PNG, atau WebP');
  });

  it('keeps the 64 KB limit on every other route', async () => {
    const { status, body } = await call(ctx.app, {
      method: 'POST',
      url: '/public/user/login',
      payload: { country: 'IN', phone: '9876543210', password: 'x'.repeat(100 * 1024) },
    });
    expect(status).toBe(413);
    expect(body.msg).toBe('That is too large to send');
  });

  it('refuses an upload without a session before reading it', async () => {
    const before = await storedUploads(ctx.db, ctx.config.uploadsDir);
    const { status } = await call(ctx.app, { method: 'POST', url: '/app/upload/image', headers: { 'content-type': 'image/png' }, payload: await picture() });
    expect(status).toBe(401);
    expect(await storedUploads(ctx.db, ctx.config.uploadsDir)).toEqual(before);
  });

  it('stores a JPEG with EXIF upright, re-encoded as WebP, without its metadata', async () => {
    const original = await jpegWithExif();
    expect(original.includes('secret-owner-name')).toBe(true);
    const { status, body } = await uploadBytes(ctx.app, owner.token, original, 'image/jpeg');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ width: 48, height: 64 });
    const id = body.data!.id;
    expect(id).toMatch(/^[a-f0-9]{32}$/);

    const stored = fs.readFileSync(`${ctx.config.uploadsDir}/${id}`);
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([48, 64]);
    expect(meta.exif).toBeUndefined();
    expect(stored.includes('secret-owner-name')).toBe(false);
    const [row] = await ctx.db.select().from(uploads).where(eq(uploads.id, id));
    expect(row).toMatchObject({ userId: owner.userId, mime: 'image/webp', bytes: stored.length, width: 48, height: 64 });
  });

  it('shrinks a large picture to fit 1600 × 1600 and accepts raw octet-stream bytes', async () => {
    const large = await picture('png', 3200, 2000);
    const { status, body } = await uploadBytes(ctx.app, owner.token, large, 'application/octet-stream');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ width: 1600, height: 1000 });
  });

  it('serves a picture to its owner and to reviewers, with inert headers', async () => {
    const id = await uploadPicture(ctx.app, owner.token, 'webp');
    for (const viewer of [owner, reviewer]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/app/upload/image/${id}`, headers: { authorization: `Bearer ${viewer.token}` } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBe("default-src 'none'");
      expect(response.headers['cache-control']).toBe('private, max-age=86400');
      expect(response.headers['content-disposition']).toBe('inline');
      expect((await sharp(response.rawPayload).metadata()).format).toBe('webp');
    }
  });

  it('answers the same 404 to another earner, an unknown id, a malformed id and a path trick', async () => {
    const id = await uploadPicture(ctx.app, owner.token);
    const attempts = [
      { token: stranger.token, path: id },
      { token: owner.token, path: 'f'.repeat(32) },
      { token: owner.token, path: 'not-an-id' },
      { token: owner.token, path: id.toUpperCase() },
      { token: owner.token, path: `..%2F..%2F${id}` },
    ];
    const answers = [];
    for (const attempt of attempts) {
      const { status, body } = await call(ctx.app, { method: 'GET', url: `/app/upload/image/${attempt.path}`, token: attempt.token });
      answers.push({ status, body });
    }
    for (const answer of answers) expect(answer).toEqual({ status: 404, body: { code: 404, data: null, msg: 'Not found' } });
    expect((await call(ctx.app, { method: 'GET', url: `/app/upload/image/${id}` })).status).toBe(401);
  });

  it('refuses more than the hourly number of uploads per earner, and stores nothing', async () => {
    const busy = await registerEarner(ctx.app);
    await ctx.db.insert(uploads).values(
      Array.from({ length: PER_HOUR }, (_, i) => ({ id: `${'a'.repeat(24)}${String(busy.userId).padStart(4, '0')}${String(i).padStart(4, '0')}`, userId: busy.userId, mime: 'image/webp', bytes: 1, width: 1, height: 1 })),
    );
    const before = await storedUploads(ctx.db, ctx.config.uploadsDir);
    const { status, body } = await uploadBytes(ctx.app, busy.token, await picture(), 'image/png');
    expect(status).toBe(429);
    expect(body.msg).toBe('You have uploaded too many pictures this hour. Please try again later');
    expect(await storedUploads(ctx.db, ctx.config.uploadsDir)).toEqual(before);
    // Another earner is not held back by it.
    expect(await uploadPicture(ctx.app, stranger.token)).toMatch(/^[a-f0-9]{32}$/);
  });

  it('makes the uploads folder again when it was removed while the server runs', async () => {
    await uploadPicture(ctx.app, owner.token);
    // An operator's clean-up, or a new volume mounted under the server.
    fs.rmSync(ctx.config.uploadsDir, { recursive: true, force: true });
    const id = await uploadPicture(ctx.app, owner.token);
    expect(fs.readdirSync(ctx.config.uploadsDir)).toEqual([id]);
    const served = await ctx.app.inject({ method: 'GET', url: `/app/upload/image/${id}`, headers: { authorization: `Bearer ${owner.token}` } });
    expect(served.statusCode).toBe(200);
  });

  if (engine !== 'postgres') return;

  it('lets a concurrent burst through only up to the hourly limit', async () => {
    const burst = await registerEarner(ctx.app);
    await ctx.db.insert(uploads).values(
      Array.from({ length: PER_HOUR - 2 }, (_, i) => ({ id: `${'b'.repeat(24)}${String(burst.userId).padStart(4, '0')}${String(i).padStart(4, '0')}`, userId: burst.userId, mime: 'image/webp', bytes: 1, width: 1, height: 1 })),
    );
    const bytes = await picture();
    const results = await Promise.all(Array.from({ length: 6 }, () => uploadBytes(ctx.app, burst.token, bytes, 'image/png')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.status === 429)).toHaveLength(4);
    const rows = await ctx.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.userId, burst.userId));
    expect(rows).toHaveLength(PER_HOUR);
    const files = fs.readdirSync(ctx.config.uploadsDir);
    expect(files.filter((f) => f.startsWith('.tmp-'))).toEqual([]);
    for (const r of results.filter((r) => r.status === 200)) expect(files).toContain(r.body.data!.id);
  });
});

describe('temp files of interrupted uploads', () => {
  it('are removed once stale, while a fresh one (an upload in progress) stays', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grab-upload-temps-'));
    try {
      const stale = path.join(dir, '.tmp-0011223344556677');
      const fresh = path.join(dir, '.tmp-8899aabbccddeeff');
      const picture = path.join(dir, 'a'.repeat(32));
      for (const file of [stale, fresh, picture]) fs.writeFileSync(file, 'x');
      const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
      fs.utimesSync(stale, twoHoursAgo, twoHoursAgo);
      fs.utimesSync(picture, twoHoursAgo, twoHoursAgo);
      expect(await sweepStaleTemps(dir, 3_600_000)).toBe(1);
      expect(fs.readdirSync(dir).sort()).toEqual([fresh, picture].map((f) => path.basename(f)).sort());
      expect(await sweepStaleTemps(path.join(dir, 'missing'), 3_600_000)).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
