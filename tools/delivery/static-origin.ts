/**
 * A bare static origin, standing in for "any static server or CDN" a squad may deploy a remote
 * to: folders mounted at URL prefixes, any origin may read (a host elsewhere loads these files),
 * content-hashed version folders cached for good and everything else revalidated. Used by the
 * second-origin delivery test and by the contract test; production uses a real CDN.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
};

export interface Mount {
  prefix: string;
  dir: string;
}

export interface StaticOrigin {
  url: string;
  close(): Promise<void>;
}

/** The file a URL names under one of the mounts, never outside its folder. */
function resolveFile(mounts: Mount[], pathname: string): string | null {
  for (const mount of mounts) {
    if (!pathname.startsWith(mount.prefix)) continue;
    const file = path.join(mount.dir, decodeURIComponent(pathname.slice(mount.prefix.length)));
    if (path.relative(mount.dir, file).startsWith('..')) return null;
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  }
  return null;
}

/**
 * `fallback` answers what no mount has (the contract test gives the shell for app routes); without
 * it a miss is a 404.
 */
export async function startStaticOrigin(
  port: number,
  mounts: Mount[],
  fallback?: (pathname: string, response: http.ServerResponse) => boolean,
): Promise<StaticOrigin> {
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://origin.invalid').pathname;
    response.setHeader('access-control-allow-origin', '*');
    const file = resolveFile(mounts, pathname);
    if (!file) {
      if (fallback?.(pathname, response)) return;
      response.writeHead(404).end();
      return;
    }
    const versioned = /\/\d+\.\d+\.\d+[^/]*-[0-9a-f]{10}\//.test(pathname) || pathname.includes('/static/');
    response.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': versioned ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
