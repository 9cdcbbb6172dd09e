import type { DataOf } from '../contracts/envelope';
import { imageUpload, UPLOAD_MAX_BYTES, UPLOAD_PATH } from '../contracts/task.contracts';
import { type ApiClient, type ApiClientDeps, NetworkError, REQUEST_TIMEOUT_MS } from './api-client';
import { shrinkImage } from './image-resize';

export interface UploadOptions {
  /** 0 to 1, as the bytes leave the phone. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** A refusal rejects with `Refused` (its message in the earner's language) instead of a toast: the page shows it by the picture. */
  inline?: boolean;
}

/** Even shrunk, the picture is larger than the server takes: refused before a byte is sent. */
export class UploadTooLarge extends Error {
  override name = 'UploadTooLarge';
}

export type UploadDeps = Pick<ApiClientDeps, 'getToken' | 'getLanguageTag' | 'notifyError' | 'translate' | 'timeoutMs'> & {
  settleMain: ApiClient['settleMain'];
};

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function send(body: Blob, options: UploadOptions, deps: UploadDeps): Promise<{ status: number; body: unknown }> {
  const idleLimit = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fail = (key: string) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abort);
      reject(new NetworkError(deps.translate(key)));
    };
    // A slow link may take minutes for one photo: only a transfer that stops moving times out.
    const armTimer = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        xhr.abort();
        fail('errors.timeout');
      }, idleLimit);
    };
    function abort() {
      clearTimeout(timer);
      xhr.abort();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    }
    xhr.open('POST', UPLOAD_PATH);
    xhr.setRequestHeader('Accept-Language', deps.getLanguageTag());
    xhr.setRequestHeader('Content-Type', body.type || 'application/octet-stream');
    const token = deps.getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      armTimer();
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abort);
      resolve({ status: xhr.status, body: parseBody(xhr.responseText) });
    };
    xhr.onerror = () => fail('errors.network');
    options.signal?.addEventListener('abort', abort, { once: true });
    armTimer();
    xhr.send(body);
  });
}

/**
 * Sends one picture to `POST /app/upload/image` with the API client's token, language and answer
 * handling, after shrinking a large photo. Resolves undefined when the server refused it (its
 * message was toasted); rejects with a toasted NetworkError, or an AbortError when `signal` fired.
 */
export async function uploadImage(file: Blob, options: UploadOptions, deps: UploadDeps): Promise<DataOf<typeof imageUpload> | undefined> {
  const body = await shrinkImage(file);
  if (options.signal?.aborted) throw new DOMException('The upload was cancelled', 'AbortError');
  // The server would refuse it only after the earner paid for sending every byte.
  if (body.size > UPLOAD_MAX_BYTES) throw new UploadTooLarge(`${body.size} bytes`);
  let result: { status: number; body: unknown };
  try {
    result = await send(body, options, deps);
  } catch (error) {
    if (error instanceof NetworkError) deps.notifyError(error.message);
    throw error;
  }
  options.onProgress?.(1);
  return deps.settleMain(imageUpload, result.status, result.body, { inline: options.inline });
}
