import v8 from 'node:v8';
import vm from 'node:vm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { engines, registerEarner, type Registered, testConfig, useTestContext } from './helper';
import { uploadBytes } from './reviews-fixtures';

const WARM_UP = 10;
const UPLOADS = 30;
/**
 * Far below what keeping each 27 MB decoded picture would take (20 × 27 MB), and above what the
 * allocator's arenas still settle into after the warm-up on a machine busy with other test files.
 */
const GROWTH_BOUND_MB = 120;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

function settledRssMb(): number {
  gc();
  gc();
  return process.memoryUsage().rss / (1024 * 1024);
}

describe.each(engines)('upload memory (%s)', (engine) => {
  const ctx = useTestContext(engine, testConfig({ UPLOADS_PER_HOUR: String(UPLOADS + 10) }));
  let earner: Registered;
  let photo: Buffer;

  beforeAll(async () => {
    earner = await registerEarner(ctx.app);
    // 3000 × 3000 with real detail (smoothed noise): 27 MB once decoded, about 2 MB as a file.
    photo = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 0, g: 0, b: 0 }, noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .resize(3000, 3000)
      .jpeg({ quality: 90 })
      .toBuffer();
  });

  it(`stays flat over ${UPLOADS} large pictures`, { timeout: 180_000 }, async () => {
    // The first uploads load the decoder and grow the allocator's arenas to their working size:
    // measure from after them, so what is measured is growth per picture, not start-up.
    for (let i = 0; i < WARM_UP; i++) expect((await uploadBytes(ctx.app, earner.token, photo, 'image/jpeg')).status).toBe(200);
    const start = settledRssMb();
    for (let i = WARM_UP; i < UPLOADS; i++) {
      const { status, body } = await uploadBytes(ctx.app, earner.token, photo, 'image/jpeg');
      expect(status).toBe(200);
      expect(body.data).toMatchObject({ width: 1600, height: 1600 });
    }
    const growth = settledRssMb() - start;
    expect(growth).toBeLessThan(GROWTH_BOUND_MB);
  });
});

