import { describe, expect, it } from 'vitest';
import { preloadFiles, withPreloads } from './preload-bootstrap.plugin';

const chunks = [
  { files: ['static/js/index.1.js'], modules: [{ name: 'provide shared module (default) @grab/shared@0.1.0 = ../shared/src/index.ts' }] },
  { files: ['static/css/async/p.2.css', 'static/js/async/p.2.js'], modules: [{ name: './src/bootstrap.tsx + 40 modules' }] },
  { files: ['static/js/async/s.3.js'], modules: [{ name: '../shared/src/index.ts + 12 modules' }] },
  { files: ['static/js/async/x.4.js'], modules: [{ name: './src/features/account/account.page.tsx' }] },
];
const patterns = [/^\.\/src\/bootstrap\.tsx( \+ \d+ modules)?$/, /^\.\.\/shared\/src\/index\.ts( \+ \d+ modules)?$/];

describe('bootstrap preloads', () => {
  it('finds the chunks of the bootstrap and of @grab/shared, nothing else', () => {
    expect(preloadFiles(chunks, patterns)).toEqual(['static/css/async/p.2.css', 'static/js/async/p.2.js', 'static/js/async/s.3.js']);
  });

  it('announces them in the head, once', () => {
    const html = '<html><head><script defer src="/static/js/index.1.js"></script></head><body></body></html>';
    const out = withPreloads(html, ['static/js/index.1.js', 'static/css/async/p.2.css', 'static/js/async/p.2.js']);
    expect(out).toContain('<link rel="preload" as="style" href="/static/css/async/p.2.css"><link rel="preload" as="script" href="/static/js/async/p.2.js"></head>');
    expect(out.match(/index\.1\.js/g)).toHaveLength(1);
  });
});
