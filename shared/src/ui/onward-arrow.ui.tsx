/**
 * The › at the end of a link that leads on. It is never flipped for right-to-left: › is a mirrored
 * character, which Urdu text already draws as ‹, so a CSS flip would turn it back to point the way
 * out. `className` sizes and colours it.
 */
export function OnwardArrow({ className }: { className?: string }) {
  return (
    <span aria-hidden="true" className={className}>
      ›
    </span>
  );
}
