import type { Translate } from '@grab/shared';
import { reviewPresetOf } from '@grab/shared/review-presets';

/**
 * Why a review failed, as the earner reads it (`pages`: the task pages' texts). A reason that
 * begins with one of the reviewer's presets shows that preset in the earner's language and the
 * reviewer's own words after it as written; any other reason is shown as the reviewer wrote it.
 */
export function reviewReasonLine(reason: string, pages: Translate): string {
  const found = reviewPresetOf(reason);
  if (!found) return pages('reasonLine', { reason });
  const preset = pages(`failPresets.${found.preset}`);
  return pages('reasonLine', { reason: found.rest ? pages('presetAndNote', { preset, note: found.rest }) : preset });
}
