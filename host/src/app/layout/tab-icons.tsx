import { LineIcon } from '@grab/shared';

export function HomeIcon() {
  return (
    <LineIcon>
      <path d="M3 10.5 12 3l9 7.5" />
      <path d="M5 9.5V21h5v-6h4v6h5V9.5" />
    </LineIcon>
  );
}

export function AccountIcon() {
  return (
    <LineIcon>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
    </LineIcon>
  );
}

export function TeamIcon() {
  return (
    <LineIcon>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6" />
      <circle cx="17" cy="9" r="2.5" />
      <path d="M16.5 14c2.9 0 5 2 5 5" />
    </LineIcon>
  );
}
