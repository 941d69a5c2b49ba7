import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { isAbort, uploadFile, type UploadOptions } from './upload-client';

export interface ChosenImage {
  uploadId: string | null;
  /** The chosen file's name, when it was chosen here. */
  name?: string;
  /** The stored image's URL, or a newly chosen file read as a data: URL (the CSP allows those, not blob:). */
  previewUrl: string | null;
}

export type ImageProgress =
  { status: 'idle' } | { status: 'uploading'; name: string; percent: number } | { status: 'error'; message: string };

export interface ImageRules {
  kind: UploadOptions['kind'];
  types: readonly string[];
  maxBytes: number;
  typeMessage: string;
  sizeMessage: string;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * Checks a chosen image in the browser, uploads it with progress (cancellable) and reads a preview; onChange gets
 * the upload's id and preview, onBusy whether an upload is running (so the form can hold its save button).
 */
export function useImageUpload(rules: ImageRules, onChange: (image: ChosenImage) => void, onBusy: (busy: boolean) => void) {
  const [progress, setProgress] = useState<ImageProgress>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);
  const uploading = progress.status === 'uploading';
  useEffect(() => onBusy(uploading), [uploading, onBusy]);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!rules.types.includes(file.type)) return setProgress({ status: 'error', message: rules.typeMessage });
    if (file.size > rules.maxBytes) return setProgress({ status: 'error', message: rules.sizeMessage });
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setProgress({ status: 'uploading', name: file.name, percent: 0 });
    try {
      const [uploaded, previewUrl] = await Promise.all([
        uploadFile(file, {
          kind: rules.kind,
          signal: controller.signal,
          onProgress: (fraction) =>
            setProgress({ status: 'uploading', name: file.name, percent: Math.min(100, Math.round(fraction * 100)) }),
        }),
        readAsDataUrl(file),
      ]);
      setProgress({ status: 'idle' });
      onChange({ uploadId: uploaded.id, previewUrl, name: file.name });
    } catch (error) {
      if (isAbort(error)) return setProgress({ status: 'idle' });
      setProgress({ status: 'error', message: error instanceof Error ? error.message : 'The upload failed. Please try again.' });
    } finally {
      if (running.current === controller) running.current = null;
    }
  }

  return { progress, uploading, choose, cancel: () => running.current?.abort() };
}
