import fs from 'node:fs';
import path from 'node:path';
import type { RsbuildPlugin } from '@rsbuild/core';

interface ChunkInfo {
  files?: string[];
  modules?: { name?: string; identifier?: string }[];
}

/**
 * `index.js` only starts the app after Module Federation has set up the shared modules, and only
 * then requests the bootstrap chunk and the `@grab/shared` chunk. Announcing both in index.html
 * lets the phone download them alongside the entry: one round trip less before the first screen.
 */
export function pluginPreloadBootstrap(patterns: RegExp[]): RsbuildPlugin {
  return {
    name: 'grab:preload-bootstrap',
    setup(api) {
      api.onAfterBuild(({ stats }) => {
        if (!stats) return;
        const json = stats.toJson({ all: false, chunks: true, chunkModules: true });
        const compilation = (json.chunks ? json : json.children?.[0]) as { chunks?: ChunkInfo[] } | undefined;
        const files = preloadFiles(compilation?.chunks ?? [], patterns);
        const htmlPath = path.join(api.context.distPath, 'index.html');
        const html = fs.readFileSync(htmlPath, 'utf8');
        fs.writeFileSync(htmlPath, withPreloads(html, files));
      });
    },
  };
}

export function preloadFiles(chunks: ChunkInfo[], patterns: RegExp[]): string[] {
  const files: string[] = [];
  for (const chunk of chunks) {
    const names = (chunk.modules ?? []).map((m) => m.name ?? m.identifier ?? '');
    if (!patterns.some((pattern) => names.some((name) => pattern.test(name)))) continue;
    for (const file of chunk.files ?? []) if (!files.includes(file)) files.push(file);
  }
  return files;
}

export function withPreloads(html: string, files: string[]): string {
  const links = files
    .filter((file) => !html.includes(file))
    .map((file) => {
      const href = `/${file.replace(/^\/+/, '')}`;
      if (file.endsWith('.css')) return `<link rel="preload" as="style" href="${href}">`;
      if (file.endsWith('.js')) return `<link rel="preload" as="script" href="${href}">`;
      return '';
    })
    .join('');
  return html.replace('</head>', `${links}</head>`);
}
