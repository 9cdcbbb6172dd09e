import { useEffect, useState } from 'react';

export interface AuthorizedImage {
  /** A blob: URL for an <img>, while the component is mounted. */
  url: string | null;
  state: 'loading' | 'ready' | 'failed';
}

/** `useAuthorizedImage` of index.ts, with the loader passed in so that tests can hand it a fake. */
export function useAuthorizedImageWith(load: (id: string) => Promise<string | null>, id: string | null): AuthorizedImage {
  const [image, setImage] = useState<AuthorizedImage>({ url: null, state: 'loading' });
  useEffect(() => {
    if (!id) return;
    let live = true;
    let made: string | null = null;
    setImage({ url: null, state: 'loading' });
    load(id).then(
      (url) => {
        if (!live) {
          if (url) URL.revokeObjectURL(url);
          return;
        }
        made = url;
        setImage(url ? { url, state: 'ready' } : { url: null, state: 'failed' });
      },
      () => {
        if (live) setImage({ url: null, state: 'failed' });
      },
    );
    return () => {
      live = false;
      // The picture's bytes stay in memory until their URL is revoked.
      if (made) URL.revokeObjectURL(made);
    };
  }, [load, id]);
  return id ? image : { url: null, state: 'failed' };
}
