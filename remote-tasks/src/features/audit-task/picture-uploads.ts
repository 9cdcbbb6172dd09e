import { uploadImage } from '@grab/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Where the bar stays while the server works on a picture whose bytes have all been sent. */
export const UPLOAD_SENT_MAX = 99;

export interface PickedPicture {
  key: number;
  file: File;
  /** A blob: URL of the file on the phone, for the preview. */
  preview: string;
  /** 0–100; 100 only once the server has taken the picture (status `done`). */
  progress: number;
  status: 'uploading' | 'done' | 'failed';
  /** The server's id once uploaded. */
  id: string | null;
}

/**
 * Picked pictures, each uploading as soon as it is picked so that Submit only sends their ids.
 * Removing one cancels its upload; leaving the page cancels them all and frees the previews.
 */
export function usePictureUploads() {
  const [pictures, setPictures] = useState<PickedPicture[]>([]);
  const controllers = useRef(new Map<number, AbortController>());
  const previews = useRef(new Map<number, string>());
  const nextKey = useRef(1);

  const update = useCallback((key: number, change: Partial<PickedPicture>) => {
    setPictures((list) => list.map((picture) => (picture.key === key ? { ...picture, ...change } : picture)));
  }, []);

  const upload = useCallback(
    (key: number, file: File) => {
      const controller = new AbortController();
      controllers.current.set(key, controller);
      update(key, { status: 'uploading', progress: 0, id: null });
      // The bytes can all be sent while the server is still checking and re-encoding the picture: the
      // bar stops short of full until the server has answered, so a full bar always means "uploaded".
      const onProgress = (fraction: number) => update(key, { progress: Math.min(UPLOAD_SENT_MAX, Math.round(fraction * 100)) });
      uploadImage(file, { signal: controller.signal, onProgress }).then(
        (image) => update(key, image ? { status: 'done', progress: 100, id: image.id } : { status: 'failed' }),
        (error: unknown) => {
          // A cancelled upload belongs to a picture that is gone.
          if ((error as { name?: string } | null)?.name !== 'AbortError') update(key, { status: 'failed' });
        },
      );
    },
    [update],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      const added = files.map((file) => {
        const key = nextKey.current++;
        const preview = URL.createObjectURL(file);
        previews.current.set(key, preview);
        return { key, file, preview, progress: 0, status: 'uploading' as const, id: null };
      });
      setPictures((list) => [...list, ...added]);
      for (const picture of added) upload(picture.key, picture.file);
    },
    [upload],
  );

  const forget = useCallback((key: number) => {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    const preview = previews.current.get(key);
    if (preview) URL.revokeObjectURL(preview);
    previews.current.delete(key);
  }, []);

  const remove = useCallback(
    (key: number) => {
      forget(key);
      setPictures((list) => list.filter((picture) => picture.key !== key));
    },
    [forget],
  );

  const retry = useCallback(
    (key: number) => {
      const picture = pictures.find((p) => p.key === key);
      if (picture) upload(key, picture.file);
    },
    [pictures, upload],
  );

  const clear = useCallback(() => {
    for (const key of [...previews.current.keys()]) forget(key);
    setPictures([]);
  }, [forget]);

  useEffect(() => {
    const owned = { controllers: controllers.current, previews: previews.current };
    return () => {
      for (const controller of owned.controllers.values()) controller.abort();
      for (const preview of owned.previews.values()) URL.revokeObjectURL(preview);
    };
  }, []);

  return { pictures, add, remove, retry, clear };
}
