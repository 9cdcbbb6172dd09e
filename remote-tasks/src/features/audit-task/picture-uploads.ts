import { uploadImage } from '@grab/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * uploading (bytes leaving the phone, `progress` %) → processing (all sent, the server checks and
 * re-encodes) → done. `failed`: the connection broke, trying again may work. `refused`: the file
 * itself is the problem (not a picture, too large, unreadable), so only another file helps.
 */
export type PictureStatus = 'uploading' | 'processing' | 'done' | 'failed' | 'refused';

/** Why a picture was refused: the server's message (already in the earner's language), or too large to send at all. */
export type RefusalReason = { kind: 'server'; message: string } | { kind: 'tooLarge' };

export interface PickedPicture {
  key: number;
  file: File;
  /** A blob: URL of the file on the phone, for the preview. */
  preview: string;
  /** 0–100 of the bytes sent: the bar and its text show this one number. */
  progress: number;
  status: PictureStatus;
  /** The server's id once uploaded. */
  id: string | null;
  refusal: RefusalReason | null;
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
      update(key, { status: 'uploading', progress: 0, id: null, refusal: null });
      // Every byte sent is not "uploaded" yet: the server still checks and re-encodes the picture.
      const onProgress = (fraction: number) => {
        const progress = Math.round(fraction * 100);
        setPictures((list) =>
          list.map((picture): PickedPicture => (picture.key === key && picture.status === 'uploading' ? { ...picture, progress, status: progress >= 100 ? 'processing' : 'uploading' } : picture)),
        );
      };
      uploadImage(file, { signal: controller.signal, onProgress, inline: true }).then(
        (image) => update(key, image ? { status: 'done', progress: 100, id: image.id } : { status: 'failed' }),
        (error: unknown) => {
          const name = (error as { name?: string } | null)?.name;
          // A cancelled upload belongs to a picture that is gone.
          if (name === 'AbortError') return;
          // By name: the upload code is downloaded when first used, and its errors cross that boundary.
          if (name === 'Refused') update(key, { status: 'refused', refusal: { kind: 'server', message: (error as Error).message } });
          else if (name === 'UploadTooLarge') update(key, { status: 'refused', refusal: { kind: 'tooLarge' } });
          else update(key, { status: 'failed' });
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
        return { key, file, preview, progress: 0, status: 'uploading' as const, id: null, refusal: null };
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
