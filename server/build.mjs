// Bundles the server into one ESM file, so a start resolves a handful of modules instead of
// thousands (drizzle-orm's package exports alone cost most of a second to resolve).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, 'dist');

fs.rmSync(path.join(outdir, 'main.js'), { force: true });
fs.rmSync(path.join(outdir, 'cli.js'), { force: true });
// The server, and the operator commands (`npm run grab -- …`) that open the same database.
await build({
  entryPoints: { main: path.join(here, 'src', 'main.ts'), cli: path.join(here, 'src', 'cli.ts') },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  logLevel: 'warning',
  // PGlite loads its wasm and data files beside its own modules; argon2 and sharp are native addons
  // (sharp finds its prebuilt libvips package beside itself).
  external: ['@electric-sql/pglite', 'argon2', 'pg-native', 'sharp'],
  // Bundled CommonJS dependencies call require(); ESM has none, so give them one.
  banner: { js: "import { createRequire as __grabCreateRequire } from 'node:module'; const require = __grabCreateRequire(import.meta.url);" },
});

// The migrated PGlite template that a first start copies instead of running initdb.
const template = path.join(outdir, 'pglite-template');
const stamp = path.join(outdir, 'pglite-template.stamp');
const migrations = fs
  .readdirSync(path.join(here, 'drizzle'))
  .filter((f) => f.endsWith('.sql'))
  .sort()
  .map((f) => `${f}:${fs.statSync(path.join(here, 'drizzle', f)).size}`)
  .join('\n');
if (!fs.existsSync(path.join(template, 'PG_VERSION')) || !fs.existsSync(stamp) || fs.readFileSync(stamp, 'utf8') !== migrations) {
  fs.rmSync(stamp, { force: true });
  const result = spawnSync(process.execPath, [path.join(outdir, 'main.js'), '--prepare-template', template], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: '' },
  });
  if (result.status !== 0) {
    console.error('server build: could not prepare the PGlite template');
    process.exit(result.status ?? 1);
  }
  fs.writeFileSync(stamp, migrations);
}
console.log('server build: dist/main.js and dist/pglite-template ready');
