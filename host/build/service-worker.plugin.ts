import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { RsbuildPlugin } from '@rsbuild/core';

/**
 * Writes dist/sw.js after a production build: the worker template plus the list of files that
 * make up the shell (index.html and the assets it references), so the app opens offline.
 * Other hashed host assets (lazy pages, locales) are cached the first time they are used.
 */
export function pluginServiceWorker(): RsbuildPlugin {
  return {
    name: 'grab:service-worker',
    setup(api) {
      api.onAfterBuild(() => {
        const dist = api.context.distPath;
        const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
        const template = fs.readFileSync(path.join(import.meta.dirname, 'sw.template.js'), 'utf8');
        fs.writeFileSync(path.join(dist, 'sw.js'), renderServiceWorker(html, template));
      });
    },
  };
}

export function shellAssets(html: string): string[] {
  const urls = new Set<string>(['/index.html']);
  for (const match of html.matchAll(/(?:src|href)="(\/static\/[^"]+)"/g)) {
    if (match[1]) urls.add(match[1]);
  }
  return [...urls];
}

export function renderServiceWorker(html: string, template: string): string {
  const precache = shellAssets(html);
  // The version changes whenever the shell does, so a new build replaces the old cache.
  const version = createHash('sha256').update(html).digest('hex').slice(0, 12);
  return `const VERSION = ${JSON.stringify(version)};\nconst PRECACHE = ${JSON.stringify(precache)};\n${template}`;
}
