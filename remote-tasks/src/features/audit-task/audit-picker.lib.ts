import { UPLOAD_ACCEPT } from '@grab/shared';

/** For the file inputs' `accept`: the types the server takes. */
export const ACCEPT = UPLOAD_ACCEPT.join(',');

/** How many pictures a submission takes: the task says 1 or 2; a task that says 0 still needs one. */
export function picturesNeeded(proofPictures: number): 1 | 2 {
  return proofPictures >= 2 ? 2 : 1;
}

export type PickProblem = 'tooMany' | 'badType';

/** Which of the files just picked can join the `current` ones, and why any were left out. */
export function pickFiles(currentCount: number, files: readonly File[], needed: 1 | 2): { take: File[]; problem: PickProblem | null } {
  const images = files.filter((file) => (UPLOAD_ACCEPT as readonly string[]).includes(file.type));
  const room = Math.max(0, needed - currentCount);
  const take = images.slice(0, room);
  if (images.length > room) return { take, problem: 'tooMany' };
  return { take, problem: images.length < files.length ? 'badType' : null };
}

export type SubmitProblem = 'needOne' | 'needTwo' | 'tooMany' | 'uploading' | 'uploadFailed' | 'refused';

/** Why the pictures cannot be sent yet (SPEC §5's "please upload the screenshot / two pictures"). */
export function submitProblem(pictures: readonly { status: 'uploading' | 'processing' | 'done' | 'failed' | 'refused' }[], needed: 1 | 2): SubmitProblem | null {
  if (pictures.length < needed) return needed === 1 ? 'needOne' : 'needTwo';
  if (pictures.length > needed) return 'tooMany';
  if (pictures.some((picture) => picture.status === 'refused')) return 'refused';
  if (pictures.some((picture) => picture.status === 'failed')) return 'uploadFailed';
  if (pictures.some((picture) => picture.status === 'uploading' || picture.status === 'processing')) return 'uploading';
  return null;
}
