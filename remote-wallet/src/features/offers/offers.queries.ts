import { fetchEndpoint, queryClient } from '@grab/shared';
import { goodsClick, goodsList, type OfferList } from '@grab/shared/contracts';

/** Partner offers on the shared cache. The calls live here: only this page makes them. */
export const offerKeys = {
  all: ['offers'] as const,
  list: ['offers', 'list'] as const,
};

export const offersQuery = () => ({ queryKey: offerKeys.list, queryFn: () => fetchEndpoint(goodsList) });

/**
 * Counts the earner's tap on an offer. The link itself opens the partner's page (a real link is
 * never blocked as a pop-up, however slow the answer), so this only records it: the card shows
 * "opened before" at once, and a refusal (the offer was switched off meanwhile) has been toasted
 * by the client and brings the list up to date.
 */
export async function recordOfferClick(id: number): Promise<void> {
  queryClient.setQueryData<OfferList>(offerKeys.list, (list) => list && { offers: list.offers.map((o) => (o.id === id ? { ...o, clicked: true } : o)) });
  try {
    await fetchEndpoint(goodsClick, { id });
  } catch {
    await queryClient.invalidateQueries({ queryKey: offerKeys.all });
  }
}
