import type { RemoteManifest } from '@grab/shared/contracts';
import { EMBEDDED_MANIFEST_ID } from '@grab/shared/first-screens';
import { EARLY_CALLS_SCRIPT } from './early-calls';
import type { PreloadHint } from './first-screen-hints';

/**
 * JSON that is safe inside a `<script>` element: `<` can never close it (`</script>`) or open a
 * comment, and the two line separators that some parsers treat as line ends are escaped too.
 */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The host's index.html with the remote manifest embedded as data (a JSON script element is never
 * run), the early calls' script (allowed by its hash in the CSP) and preload hints for the first
 * screen. They close <head>: the charset stays in the first bytes, and the host's own scripts are
 * asked for first.
 */
export function renderShell(template: string, manifest: RemoteManifest | null, hints: PreloadHint[]): string {
  const links = hints.map((hint) => `<link rel="preload" as="${hint.as}" href="${escapeAttribute(hint.href)}">`);
  const data = manifest ? [`<script type="application/json" id="${EMBEDDED_MANIFEST_ID}">${jsonForScriptElement(manifest)}</script>`] : [];
  const inserted = [...data, `<script>${EARLY_CALLS_SCRIPT}</script>`, ...links].join('');
  const at = template.search(/<\/head>/i);
  if (at < 0) return template;
  return template.slice(0, at) + inserted + template.slice(at);
}
