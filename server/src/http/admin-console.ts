import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config';
import { IMMUTABLE, NO_CACHE } from './static';

/**
 * The operator console (admin/) at `/admin/`: its page at `/admin` and `/admin/`, its hashed files
 * under `/admin/static/`. Screens are addressed after `#`, so every other `/admin/...` path stays
 * an API path. The console is a build of its own: nothing of it is in the earner's shell.
 */
export async function registerAdminConsole(app: FastifyInstance, config: Config): Promise<void> {
  const dir = config.staticRoots.admin;
  const indexHtml = path.join(dir, 'index.html');
  if (!fs.existsSync(indexHtml)) return;
  if (fs.existsSync(path.join(dir, 'static'))) {
    await app.register(fastifyStatic, {
      root: path.join(dir, 'static'),
      prefix: '/admin/static/',
      decorateReply: false,
      preCompressed: true,
      cacheControl: false,
      index: false,
      // The files' names hold their content hash.
      setHeaders: (reply: FastifyReply) => reply.header('cache-control', IMMUTABLE),
    });
  }
  const page = async (_request: unknown, reply: FastifyReply) => {
    reply.header('cache-control', NO_CACHE).type('text/html; charset=utf-8');
    // Operators only: no search engine lists it, no other site frames it.
    reply.header('x-robots-tag', 'noindex');
    return fs.promises.readFile(indexHtml, 'utf8');
  };
  app.get('/admin', page);
  app.get('/admin/', page);
}
