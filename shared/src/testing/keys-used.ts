import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../i18n/languages';

// A key the code asks for and a file lacks shows as raw text ("operationSuccess") in that language.
// The checks of locale-files.ts compare the files with each other; these compare them with the code:
// every literal key of every `t(...)` call must have a text in all eight files of its namespace.

const COMMON_DIR = join(import.meta.dirname, '..', 'i18n', 'locales');

/** One `t(...)` call with a literal key: a plain string, or a template whose `${…}` parts stand for any segment. */
export interface KeyUse {
  file: string;
  line: number;
  namespace: string;
  key: string;
  /** Template keys (`status.${status}`) match every key of that shape. */
  pattern: RegExp | null;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'node_modules' && name !== 'dist') out.push(...sourceFiles(path));
    } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) {
      out.push(path);
    }
  }
  return out;
}

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function lineOf(source: string, index: number): number {
  return source.slice(0, index).split('\n').length;
}

/**
 * Finds the translate functions of each file (`const { t } = useT(NS)`, `const { t: common } = useT()`,
 * `const common = useT()` then `common.t(…)`, and `i18n.t(…)` for the common namespace) and their
 * literal keys. A name bound twice in one file (two components) takes the nearest binding above the call.
 */
export function findKeyUses(srcDir: string, namespaceConstants: Record<string, string> = {}): KeyUse[] {
  const files = sourceFiles(srcDir);
  const constants: Record<string, string> = { ...namespaceConstants, COMMON_NS: 'common' };
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(/export const (\w+_NS) = '([^']+)'/g)) constants[match[1] as string] = match[2] as string;
  }
  const namespaceOf = (arg: string): string | undefined => {
    const trimmed = arg.trim();
    if (trimmed === '') return 'common';
    const literal = /^['"]([^'"]+)['"]$/.exec(trimmed);
    if (literal) return literal[1];
    return constants[trimmed];
  };

  const uses: KeyUse[] = [];
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    // name → [position, namespace] bindings, in file order.
    const bindings: { name: string; call: string; at: number; namespace: string }[] = [];
    for (const match of source.matchAll(/const \{([^}]*)\} = useT\(([^)]*)\)/g)) {
      const namespace = namespaceOf(match[2] ?? '');
      if (!namespace) continue;
      for (const part of (match[1] ?? '').split(',')) {
        const [prop, alias] = part.split(':').map((s) => s.trim());
        if (prop === 't') bindings.push({ name: alias || 't', call: alias || 't', at: match.index, namespace });
      }
    }
    for (const match of source.matchAll(/const (\w+) = useT\(([^)]*)\)/g)) {
      const namespace = namespaceOf(match[2] ?? '');
      if (namespace) bindings.push({ name: `${match[1]}.t`, call: `${match[1]}\\.t`, at: match.index, namespace });
    }
    if (file.startsWith(join(COMMON_DIR, '..', '..'))) bindings.push({ name: 'i18n.t', call: 'i18n\\.t', at: 0, namespace: 'common' });

    const names = new Set(bindings.map((b) => b.call));
    for (const call of names) {
      const callRe = new RegExp(`(?<![\\w.])${call}\\(\\s*(?:'([^'\\n]*)'|"([^"\\n]*)"|\`([^\`\\n]*)\`)`, 'g');
      for (const match of source.matchAll(callRe)) {
        const binding = bindings.filter((b) => b.call === call && b.at <= match.index).at(-1);
        if (!binding) continue;
        const template = match[3];
        const key = match[1] ?? match[2] ?? template ?? '';
        // `ns:` options inside the call (i18n.t(key, { ns })) are not followed: the binding's namespace stands.
        const pattern = template?.includes('${') ? new RegExp(`^${template.split(/\$\{[^}]*\}/).map(escapeRe).join('.+')}$`) : null;
        uses.push({ file: relative(srcDir, file), line: lineOf(source, match.index), namespace: binding.namespace, key, pattern });
      }
    }
  }
  return uses;
}

function flatKeys(value: unknown, prefix = '', out = new Set<string>()): Set<string> {
  if (typeof value !== 'object' || value === null) {
    if (typeof value === 'string' && value.trim() !== '') out.add(prefix);
    return out;
  }
  for (const [key, child] of Object.entries(value)) flatKeys(child, prefix ? `${prefix}.${key}` : key, out);
  return out;
}

/** The keys missing from any language for the uses found: `language namespace key (file:line)` lines. */
export function missingKeys(uses: readonly KeyUse[], localeDirs: Record<string, string>): string[] {
  const dirs: Record<string, string> = { common: COMMON_DIR, ...localeDirs };
  const cache = new Map<string, Set<string>>();
  const keysOf = (namespace: string, language: string): Set<string> | undefined => {
    const dir = dirs[namespace];
    if (!dir) return undefined;
    const id = `${namespace}|${language}`;
    let keys = cache.get(id);
    if (!keys) {
      keys = flatKeys(JSON.parse(readFileSync(join(dir, `${language}.json`), 'utf8')));
      cache.set(id, keys);
    }
    return keys;
  };
  const missing: string[] = [];
  for (const use of uses) {
    for (const { key: language } of LANGUAGES) {
      const keys = keysOf(use.namespace, language);
      if (!keys) {
        missing.push(`${use.namespace}: no locale folder given (${use.file}:${use.line})`);
        break;
      }
      const has = (key: string) => keys.has(key) || keys.has(`${key}_other`);
      const found = use.pattern ? [...keys].some((k) => use.pattern?.test(k.replace(/_(zero|one|two|few|many|other)$/, ''))) : has(use.key);
      if (!found) missing.push(`${language} ${use.namespace} ${use.key} (${use.file}:${use.line})`);
    }
  }
  return missing;
}

/**
 * Registers the check for one app: every literal key its code translates exists, in every language,
 * in the namespace the call uses. `localeDirs` maps the app's namespaces to their folders (common is known).
 */
export function describeKeysUsed(app: string, srcDir: string, localeDirs: Record<string, string>): void {
  describe(`${app} translation keys used in code`, () => {
    const uses = findKeyUses(srcDir);
    it('are found (the scan reads the code)', () => {
      expect(uses.length).toBeGreaterThan(0);
    });
    it('each have a text in all eight languages', () => {
      expect(missingKeys(uses, localeDirs)).toEqual([]);
    });
  });
}
