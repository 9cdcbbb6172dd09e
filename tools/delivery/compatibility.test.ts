import { describe, expect, it } from 'vitest';
import type { MfManifest } from './artifact';
import { incompatibilities, satisfies } from './compatibility';

const host = { react: '19.3.1', 'react-dom': '19.3.1', 'react/jsx-runtime': '19.3.1', '@grab/shared': '0.1.0' };

function built(shared: MfManifest['shared']): MfManifest {
  return { name: 'remote_tasks', metaData: { buildInfo: { buildVersion: '0.1.0' } }, shared, exposes: [] };
}

describe('the compatibility gate', () => {
  it('reads the ranges a federation config writes', () => {
    expect(satisfies('19.3.1', '^19.0.0')).toBe(true);
    expect(satisfies('18.3.1', '^19.0.0')).toBe(false);
    expect(satisfies('0.2.0', '^0.1.0')).toBe(false);
    expect(satisfies('19.3.4', '~19.3.1')).toBe(true);
    expect(satisfies('19.4.0', '~19.3.1')).toBe(false);
    expect(satisfies('1.0.0', false)).toBe(true);
    expect(satisfies('18.0.0', '^17.0.0 || ^18.0.0')).toBe(true);
  });

  it('lets through a remote built on the host versions, a newer minor included', () => {
    const remote = built([
      { name: 'react', version: '19.4.0', requiredVersion: '^19.0.0', singleton: true },
      { name: '@grab/shared', version: '0.1.0', requiredVersion: '', singleton: true },
    ]);
    expect(incompatibilities(remote, host)).toEqual([]);
  });

  it('names the package and both versions when the major differs or the range excludes the host', () => {
    const remote = built([
      { name: 'react', version: '18.3.1', requiredVersion: '^18.3.1', singleton: true },
      { name: 'react-dom', version: '19.3.1', requiredVersion: '^19.9.0', singleton: true },
      { name: '@grab/shared', version: '1.0.0', requiredVersion: null, singleton: true },
    ]);
    expect(incompatibilities(remote, host)).toEqual([
      'react: the remote is built with 18.3.1 and asks for ^18.3.1, the host provides 19.3.1',
      'react-dom: the remote is built with 19.3.1 and asks for ^19.9.0, the host provides 19.3.1',
      '@grab/shared: the remote is built with 1.0.0, the host provides 0.1.0',
    ]);
  });
});
