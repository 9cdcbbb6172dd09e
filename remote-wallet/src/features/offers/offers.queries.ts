import { fetchEndpoint, queryClient } from '@grab/shared';
import { goodsClick, goodsList } from '@grab/shared/contracts';

/** Under `user`: switching language (and so currency) makes the list stale with the rest of the earner's data. */
export const offersKey = ['user', 'offers'] as const;

export const offersQuery = () => ({ queryKey: offersKey, queryFn: () => fetchEndpoint(goodsList) });

/**
 * Tells the server about a tap on an offer. The link itself opens the partner's page, so a slow or
 * failed call never stops the earner; the server counts the first click only.
 */
export async function recordOfferClick(id: number): Promise<void> {
  try {
    const answer = await fetchEndpoint(goodsClick, { id });
    if (answer.first) await queryClient.invalidateQueries({ queryKey: offersKey });
  } catch {
    // Counting is the partner's business, not the earner's: nothing to show.
  }
}
