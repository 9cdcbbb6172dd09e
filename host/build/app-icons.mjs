// Draws the web app manifest's icons from the product's mark (src/app/favicon.svg) and writes them
// to public/icons. Run by hand when the mark changes: `node host/build/app-icons.mjs`. The PNGs are
// committed, so a build needs no image library.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const here = import.meta.dirname;
// sharp is the server's dependency (it re-encodes uploads); the host only borrows it here.
const sharp = createRequire(path.join(here, '../../server/package.json'))('sharp');
const out = path.join(here, '../public/icons');
const mark = fs.readFileSync(path.join(here, '../src/app/favicon.svg'), 'utf8');

// The maskable icon is cropped to a circle or squircle by the launcher: the green fills the whole
// square and the letter stays inside the central 80 % safe zone.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#0a8f5a"/><g transform="translate(12.8 12.8) scale(0.6)"><path d="M44 22a16 16 0 1 0 3 18H33v-8h22" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/></g></svg>`;
// iOS rounds the corners itself and shows transparency as black: a full square.
const apple = mark.replace('rx="14"', 'rx="0"');

async function draw(svg, size, name) {
  const png = await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  fs.writeFileSync(path.join(out, name), png);
  console.log(`${name}: ${png.length} bytes`);
}

fs.mkdirSync(out, { recursive: true });
await draw(mark, 192, 'icon-192.png');
await draw(mark, 512, 'icon-512.png');
await draw(maskable, 512, 'icon-maskable-512.png');
await draw(apple, 180, 'apple-touch-icon.png');
