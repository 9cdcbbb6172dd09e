import { LineIcon } from '@grab/shared';
import type { OfferIcon } from '@grab/shared/contracts';

/** One drawing per kind of offer: our own line icons, since the page loads no outside picture. */
export const OFFER_ICONS: Record<OfferIcon, React.ReactNode> = {
  data: (
    <LineIcon size={28}>
      <rect x="7" y="2" width="10" height="20" rx="2" />
      <path d="M11 18h2M9.5 9.5a3.5 3.5 0 0 1 5 0M8 7a6 6 0 0 1 8 0" />
    </LineIcon>
  ),
  audio: (
    <LineIcon size={28}>
      <path d="M4 15v-3a8 8 0 0 1 16 0v3" />
      <rect x="3" y="14" width="4" height="7" rx="1.5" />
      <rect x="17" y="14" width="4" height="7" rx="1.5" />
    </LineIcon>
  ),
  grocery: (
    <LineIcon size={28}>
      <path d="M3 4h2l2.5 11h11L21 8H6.2" />
      <circle cx="9" cy="19.5" r="1.5" />
      <circle cx="17" cy="19.5" r="1.5" />
    </LineIcon>
  ),
  gift: (
    <LineIcon size={28}>
      <rect x="3" y="8" width="18" height="5" rx="1" />
      <path d="M5 13v8h14v-8M12 8v13M12 8c-1.5-4-6-4-5-1s5 1 5 1c1.5-4 6-4 5-1s-5 1-5 1" />
    </LineIcon>
  ),
};
