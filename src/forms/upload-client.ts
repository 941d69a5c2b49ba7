import type { ErrorBody } from '../shared/api/error-body';
import type { UploadedFile, UploadKind } from '../shared/api/uploads';

export interface UploadOptions {
  /** What the server checks the file as. */
  kind?: UploadKind;
  /** From 0 to 1 as the bytes leave the browser. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

const NETWORK_ERROR = 'The upload failed. Please check your connection and try again.';

function serverMessage(xhr: XMLHttpRequest): string {
  try {
    const message = (JSON.parse(xhr.responseText) as Partial<ErrorBody> | null)?.error;
    if (typeof message === 'string' && message) return message;
  } catch {
    // not JSON: a proxy's error page, say
  }
  return xhr.status === 413 ? 'The file is larger than 5 MB.' : NETWORK_ERROR;
}

/**
 * Sends one file to POST /api/uploads. XMLHttpRequest rather than fetch, because only it reports upload progress.
 * Rejects with an Error holding the server's message, or with an AbortError when the signal aborts.
 */
export function uploadFile(file: File, { kind = 'resume', onProgress, signal }: UploadOptions = {}): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const aborted = () => new DOMException('The upload was cancelled.', 'AbortError');
    if (signal?.aborted) return reject(aborted());
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.open('POST', '/api/uploads');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      settle();
      if (xhr.status === 201) {
        try {
          const body = JSON.parse(xhr.responseText) as UploadedFile;
          onProgress?.(1);
          return resolve(body);
        } catch {
          return reject(new Error(NETWORK_ERROR));
        }
      }
      reject(new Error(serverMessage(xhr)));
    };
    xhr.onerror = xhr.ontimeout = () => {
      settle();
      reject(new Error(NETWORK_ERROR));
    };
    xhr.onabort = () => {
      settle();
      reject(aborted());
    };
    signal?.addEventListener('abort', onAbort);
    // The kind goes first so the server knows it before the file's bytes arrive.
    const body = new FormData();
    body.append('kind', kind);
    body.append('file', file, file.name);
    xhr.send(body);
  });
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
