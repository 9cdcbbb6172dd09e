import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '../../shared/src/i18n/languages';
import { LOCALE_CHUNKS_FILE } from '../../shared/src/remotes/first-screens';

interface StatsChunk {
  files?: string[];
  modules?: { nameForCondition?: string; identifier?: string }[];
}

/**
 * The part of Rsbuild's plugin API this uses, written out: this folder is shared by the apps and
 * has no Rsbuild of its own to take the types from.
 */
interface BuildApi {
  context: { rootPath: string; distPath: string };
  onAfterBuild(callback: (params: { stats?: { toJson(options: object): unknown } }) => void): void;
}

interface StatsJson {
  chunks?: StatsChunk[];
  children?: StatsJson[];
}

const KEYS = new Set<string>(LANGUAGES.map((language) => language.key));

/**
 * Writes dist/locale-chunks.json: for each language, the chunks that hold only that language's
 * texts of the folders in `roots` (default: the app's own src). Chunk names are hashes that
 * change with every build, so the server can only hint the earner's texts from such a list. A
 * remote's copy of @grab/shared's texts is left out: the host's singleton is the one that runs.
 */
export function pluginLocaleChunks(options: { roots?: string[] } = {}): { name: string; setup(api: BuildApi): void } {
  return {
    name: 'grab:locale-chunks',
    setup(api) {
      api.onAfterBuild(({ stats }) => {
        if (!stats) return;
        const roots = (options.roots ?? [path.join(api.context.rootPath, 'src')]).map((root) => path.resolve(root) + path.sep);
        const json = stats.toJson({ all: false, chunks: true, chunkModules: true }) as StatsJson;
        const chunks = (json.children?.[0] ?? json).chunks ?? [];
        const files: Record<string, string[]> = {};
        for (const chunk of chunks) {
          const resources = (chunk.modules ?? []).map((module) => module.nameForCondition ?? module.identifier ?? '');
          if (resources.length === 0) continue;
          const keys = resources.map((resource) => {
            const match = /[\\/]locales[\\/]([A-Za-z-]+)\.json$/.exec(resource);
            return match && KEYS.has(match[1]!) && roots.some((root) => resource.startsWith(root)) ? match[1]! : null;
          });
          const key = keys[0];
          if (!key || keys.some((other) => other !== key)) continue;
          files[key] = [...(files[key] ?? []), ...(chunk.files ?? []).filter((file) => file.endsWith('.js'))];
        }
        fs.writeFileSync(path.join(api.context.distPath, LOCALE_CHUNKS_FILE), `${JSON.stringify(files, null, 2)}\n`);
      });
    },
  };
}
