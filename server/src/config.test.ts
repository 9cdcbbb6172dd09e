import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', databaseUrl: undefined, tokenTtlDays: 30, fbPixelId: null, logLevel: 'info' });
    expect(config.dataDir).toBe(path.join(REPO_ROOT, 'data'));
    expect(config.staticRoots.host).toBe(path.join(REPO_ROOT, 'host', 'dist'));
    expect(config.staticRoots.remotes.map((r) => r.dir)).toEqual(['tasks', 'wallet', 'team', 'draw'].map((n) => path.join(REPO_ROOT, `remote-${n}`, 'dist')));
  });

  it('reads values and treats empty strings as unset', () => {
    const config = loadConfig({ PORT: '9000', DATABASE_URL: '', FB_PIXEL_ID: '1234567890', PUBLIC_ORIGIN: 'https://grab.example/', TOKEN_TTL_DAYS: '7' });
    expect(config).toMatchObject({ port: 9000, databaseUrl: undefined, fbPixelId: '1234567890', publicOrigin: 'https://grab.example', tokenTtlDays: 7 });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['LOG_LEVEL', 'loud'],
    ['TOKEN_TTL_DAYS', '0'],
    ['FB_PIXEL_ID', '<script>'],
    ['PUBLIC_ORIGIN', 'not a url'],
  ])('refuses %s=%s naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  it('runs one process unless asked, and more only on PostgreSQL', () => {
    expect(loadConfig({}).processes).toBe(1);
    expect(loadConfig({ GRAB_PROCESSES: '2', DATABASE_URL: 'postgres://x@h/db' }).processes).toBe(2);
    expect(loadConfig({ WEB_CONCURRENCY: '3', DATABASE_URL: 'postgres://x@h/db' }).processes).toBe(3);
    expect(() => loadConfig({ GRAB_PROCESSES: '2' })).toThrow(/GRAB_PROCESSES: 2 processes need PostgreSQL \(DATABASE_URL\)/);
    expect(() => loadConfig({ WEB_CONCURRENCY: '4' })).toThrow(/PGlite\) lives inside one process/);
    expect(() => loadConfig({ GRAB_PROCESSES: '0', DATABASE_URL: 'postgres://x@h/db' })).toThrow('GRAB_PROCESSES');
  });

  it('refuses a PostgreSQL pool too small to start with, saying why, instead of waiting forever', () => {
    expect(loadConfig({ PG_POOL_MAX: '2', DATABASE_URL: 'postgres://x@h/db' }).pgPoolMax).toBe(2);
    expect(() => loadConfig({ PG_POOL_MAX: '1', DATABASE_URL: 'postgres://x@h/db' })).toThrow(/PG_POOL_MAX: at least 2 connections: start-up holds one for the migration lock/);
  });

  it('serves HTTPS only with both the certificate and its key, and then builds links on https', () => {
    expect(loadConfig({}).https).toBeNull();
    const both = loadConfig({ TLS_CERT_FILE: 'cert.pem', TLS_KEY_FILE: 'key.pem', PORT: '8443' });
    expect(both.https).toEqual({ certFile: path.resolve('cert.pem'), keyFile: path.resolve('key.pem') });
    expect(both.publicOrigin).toBe('https://127.0.0.1:8443');
    expect(both.tls).toBe(true);
    expect(() => loadConfig({ TLS_CERT_FILE: 'cert.pem' })).toThrow(/TLS_KEY_FILE: required with TLS_CERT_FILE/);
    expect(() => loadConfig({ TLS_KEY_FILE: 'key.pem' })).toThrow(/TLS_CERT_FILE: required with TLS_KEY_FILE/);
  });
});
