#!/usr/bin/env node
// Writes `.br` and `.gz` beside every text asset of the built apps, once at build time, so the
// server sends them as they are instead of compressing each response again. Plain Node, no
// dependencies: it runs right after the build, before anything else is installed or started.
//
//   node tools/precompress.mjs            host/dist, admin/dist and every remote-*/dist
//   node tools/precompress.mjs <dir>...   only those folders
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const COMPRESSIBLE = /\.(js|mjs|cjs|css|html|json|svg|webmanifest|map|txt|xml)$/i;
// Below this size the compressed file saves less than the headers it adds.
const MIN_BYTES = 512;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The built apps' folders: host/dist, admin/dist and each remote's dist that exists. */
export function defaultDirs() {
  const dirs = [path.join(root, 'host', 'dist'), path.join(root, 'admin', 'dist')];
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name.startsWith('remote-')) dirs.push(path.join(root, entry.name, 'dist'));
  }
  return dirs.filter((dir) => fs.existsSync(dir));
}

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

async function compressFile(file) {
  const source = await fs.promises.readFile(file);
  if (source.length < MIN_BYTES) return 0;
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  let written = 0;
  // A compressed copy that is not smaller would only cost bytes on the wire.
  if (br.length < source.length) {
    await fs.promises.writeFile(`${file}.br`, br);
    written++;
  }
  if (gz.length < source.length) {
    await fs.promises.writeFile(`${file}.gz`, gz);
    written++;
  }
  return written;
}

/**
 * Files below `dirs` that a full build would have given a `.br` copy and that have none: a folder
 * rebuilt alone, after the step. The server compresses those on each request, at a lower quality.
 */
export function missingCompressedCopies(dirs) {
  return dirs.flatMap((dir) =>
    [...walk(dir)].filter((file) => COMPRESSIBLE.test(file) && fs.statSync(file).size >= MIN_BYTES && !fs.existsSync(`${file}.br`) && !fs.existsSync(`${file}.gz`)),
  );
}

export async function precompress(dirs) {
  let files = 0;
  for (const dir of dirs) {
    const targets = [...walk(dir)].filter((f) => COMPRESSIBLE.test(f));
    for (const file of targets) files += await compressFile(file);
  }
  return files;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dirs = process.argv.length > 2 ? process.argv.slice(2).map((d) => path.resolve(d)) : defaultDirs();
  const started = Date.now();
  const written = await precompress(dirs);
  console.log(`precompress: ${written} files written in ${dirs.length} folders (${Date.now() - started} ms)`);
}
