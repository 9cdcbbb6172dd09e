import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderServiceWorker, shellAssets } from './service-worker.plugin';

const html =
  '<html><head><link rel="icon" href="/favicon.svg"><script defer src="/static/js/vendor.1.js"></script>' +
  '<script defer src="/static/js/index.2.js"></script><link href="/static/css/index.3.css" rel="stylesheet"></head></html>';

describe('service worker generation', () => {
  it('precaches index.html and the assets the shell references', () => {
    expect(shellAssets(html)).toEqual(['/index.html', '/static/js/vendor.1.js', '/static/js/index.2.js', '/static/css/index.3.css']);
  });

  it('gives each shell its own version', () => {
    const template = 'self.x = 1;';
    const a = renderServiceWorker(html, template);
    const b = renderServiceWorker(html.replace('index.2', 'index.9'), template);
    expect(a).toContain('const PRECACHE = ["/index.html"');
    expect(a.match(/VERSION = "(\w+)"/)?.[1]).not.toBe(b.match(/VERSION = "(\w+)"/)?.[1]);
  });

  it('never lets the worker answer API paths from a cache', () => {
    const worker = fs.readFileSync(path.join(import.meta.dirname, 'sw.template.js'), 'utf8');
    for (const prefix of ['/app/', '/public/', '/api/', '/login']) expect(worker).toContain(`'${prefix}'`);
    expect(worker).toMatch(/if \(request\.method !== 'GET'\) return;/);
  });

  it('keeps the last app page for offline starts, never the operator console', () => {
    const worker = fs.readFileSync(path.join(import.meta.dirname, 'sw.template.js'), 'utf8');
    expect(worker).toContain('cache.put(LAST_PAGE, copy)');
    expect(worker).toContain("!url.pathname.startsWith('/admin')");
  });
});
