export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

export interface ShareDeps {
  share?: (data: ShareData) => Promise<void>;
  copy: (text: string) => Promise<boolean>;
}

/**
 * The phone's share sheet when the browser has one, else the link copied. A sheet the earner closed
 * is not a failure; a sheet that could not open (no user gesture, a WebView refusing it) falls back
 * to copying.
 */
export async function shareLink(url: string, text: string, deps: ShareDeps): Promise<ShareOutcome> {
  if (deps.share) {
    try {
      await deps.share({ url, text });
      return 'shared';
    } catch (error) {
      if ((error as { name?: string } | null)?.name === 'AbortError') return 'cancelled';
    }
  }
  return (await deps.copy(url)) ? 'copied' : 'failed';
}
