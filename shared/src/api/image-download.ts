import { IMAGE_PATH, UploadId } from '../contracts/task.contracts';
import type { ApiClientDeps } from './api-client';

export type ImageDownloadDeps = Pick<ApiClientDeps, 'getToken' | 'onUnauthorized'>;

/**
 * An uploaded picture as a blob: URL. Pictures are private (owner and reviewers), so an <img>
 * cannot load them by address; the caller revokes the URL when done. Null when it cannot be shown:
 * a thumbnail then shows a placeholder instead of a toast per picture.
 */
export async function fetchImageUrl(id: string, deps: ImageDownloadDeps): Promise<string | null> {
  if (!UploadId.safeParse(id).success) return null;
  const token = deps.getToken();
  let response: Response;
  try {
    response = await fetch(`${IMAGE_PATH}/${id}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    return null;
  }
  if (response.status === 401) {
    deps.onUnauthorized();
    return null;
  }
  if (!response.ok) return null;
  return URL.createObjectURL(await response.blob());
}
