import { type CommonConfig, documentTitle, type RemoteManifest } from '@grab/shared/contracts';
import { EMBEDDED_CONFIG_ID, EMBEDDED_MANIFEST_ID } from '@grab/shared/first-screens';
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

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const dataElement = (id: string, value: unknown) => `<script type="application/json" id="${id}">${jsonForScriptElement(value)}</script>`;

/**
 * The host's index.html with what the server knows of the first screen: the remote manifest and
 * the public config embedded as data (a JSON script element is never run), the early calls' script
 * (allowed by its hash in the CSP) and preload hints. They close <head>: the charset stays in the
 * first bytes, and the host's own scripts are asked for first. With the config, the title is the
 * operator's from the first byte, and the page makes no call for it.
 */
export function renderShell(template: string, manifest: RemoteManifest | null, hints: PreloadHint[], config: CommonConfig | null = null): string {
  const links = hints.map((hint) => `<link rel="preload" as="${hint.as}" href="${escapeText(hint.href)}">`);
  const data = [...(manifest ? [dataElement(EMBEDDED_MANIFEST_ID, manifest)] : []), ...(config ? [dataElement(EMBEDDED_CONFIG_ID, config)] : [])];
  const inserted = [...data, `<script>${EARLY_CALLS_SCRIPT}</script>`, ...links].join('');
  const at = template.search(/<\/head>/i);
  if (at < 0) return template;
  const page = template.slice(0, at) + inserted + template.slice(at);
  return config ? page.replace(/<title>[^<]*<\/title>/i, () => `<title>${escapeText(documentTitle(config))}</title>`) : page;
}
