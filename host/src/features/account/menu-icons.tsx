import { LineIcon } from '@grab/shared';

/** The profile's picture: the same neutral figure for every earner (nothing of their number shows). */
export const AVATAR_ICON = (
  <LineIcon size={30}>
    <circle cx="12" cy="8.5" r="4" />
    <path d="M4 21c0-4.4 3.6-7.5 8-7.5s8 3.1 8 7.5" />
  </LineIcon>
);

export const MENU_ICONS = {
  offers: (
    <LineIcon size={22}>
      <path d="M3 12V4h8l10 10-8 8z" />
      <circle cx="7.5" cy="8.5" r="1.5" />
    </LineIcon>
  ),
  orders: (
    <LineIcon size={22}>
      <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
      <path d="M9 8h6M9 12h6" />
    </LineIcon>
  ),
  level: (
    <LineIcon size={22}>
      <path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />
    </LineIcon>
  ),
  invite: (
    <LineIcon size={22}>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6" />
      <path d="M19 8v6M16 11h6" />
    </LineIcon>
  ),
  password: (
    <LineIcon size={22}>
      <rect x="4" y="10" width="16" height="11" rx="2" />
      <path d="M8 10V7a4 4 0 0 1 8 0v3" />
    </LineIcon>
  ),
  language: (
    <LineIcon size={22}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3Z" />
    </LineIcon>
  ),
};
