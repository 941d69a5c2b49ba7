import { DetailedError, Upload } from 'tus-js-client';
import type { ErrorBody } from '../shared/api/error-body';
import type { UploadedFile, UploadKind } from '../shared/api/uploads';
import { RESUMABLE_CHUNK_BYTES, RESUMABLE_RETRY_MS, RESUMABLE_UPLOADS_PATH, nextChunkBytes } from '../shared/api/resumable-uploads';

/**
 * The states of the spec while the upload is under way (its success and error arrive as onSuccess and onError); pause
 * only from running, resume from paused or pausing, cancel from running or pausing.
 */
export type ResumableState = 'running' | 'pausing' | 'paused' | 'canceling' | 'canceled';

export interface ResumableUpload {
  pause(): void;
  resume(): void;
  cancel(): void;
  /** Stops it and removes its parts whatever the state: the visitor chose another file, or the form went away. */
  discard(): void;
}

export interface ResumableOptions {
  kind: UploadKind;
  onState(state: ResumableState): void;
  /** From 0 to 1 as the server confirms the bytes. */
  onProgress(fraction: number): void;
  onSuccess(uploaded: UploadedFile): void;
  onError(message: string): void;
}

const FAILED = 'The upload failed. Please check your connection and try again.';
/**
 * Waits before each retry after a dropped connection: at once, then 1 s doubling to a minute apart, for the spec's
 * ten minutes; then the upload fails and the visitor may press Resume. tus-js-client starts these over whenever a
 * retry moved the offset on, so the ten minutes are those of one stall, not of the whole upload.
 */
const RETRY_DELAYS_MS = ((): number[] => {
  const delays = [0];
  let total = 0;
  for (let delay = 1000; total < RESUMABLE_RETRY_MS; delay = Math.min(delay * 2, 60_000)) {
    const wait = Math.min(delay, RESUMABLE_RETRY_MS - total);
    delays.push(wait);
    total += wait;
  }
  return delays;
})();

function serverMessage(body: string | undefined): string {
  try {
    const message = (JSON.parse(body ?? '') as Partial<ErrorBody> | null)?.error;
    if (typeof message === 'string' && message) return message;
  } catch {
    // not JSON: a proxy's error page, or no answer at all
  }
  return FAILED;
}

/**
 * Sends a file through the tus protocol in chunks, with tus-js-client. This module is imported dynamically, when a
 * large file is chosen, so forms without one never download the client. A dropped connection is retried from the
 * offset the server confirms.
 */
export function startResumableUpload(file: File, options: ResumableOptions): ResumableUpload {
  // 'finished' once onSuccess or onError has been called: nothing is left to pause, cancel or discard.
  let state: ResumableState | 'finished' = 'running';
  const enter = (next: ResumableState) => {
    state = next;
    options.onState(next);
  };
  // Until the server has answered the creation, a pause or cancel waits for its address: stopping before would leave
  // an upload on the server that nothing can reach.
  const stop = () =>
    void upload.abort().then(() => {
      if (state === 'pausing') enter('paused');
    });
  // Termination removes the parts on the server; if that request fails they expire with the unclaimed uploads.
  const terminate = () =>
    void upload.abort(true).then(
      () => enter('canceled'),
      () => enter('canceled'),
    );
  const upload = new Upload(file, {
    endpoint: RESUMABLE_UPLOADS_PATH,
    chunkSize: RESUMABLE_CHUNK_BYTES,
    retryDelays: RETRY_DELAYS_MS,
    metadata: { filename: file.name, kind: options.kind },
    // A resume is offered within the page; nothing about the file is kept in the browser's storage.
    storeFingerprintForResuming: false,
    onUploadUrlAvailable: () => {
      if (state === 'pausing') stop();
      else if (state === 'canceling') terminate();
    },
    onProgress: (sent, total) => options.onProgress(total > 0 ? sent / total : 0),
    // tus-js-client reads the chunk size for every chunk it cuts, so the next one is larger.
    onChunkComplete: () => void (upload.options.chunkSize = nextChunkBytes(upload.options.chunkSize ?? RESUMABLE_CHUNK_BYTES)),
    onSuccess: ({ lastResponse }) => {
      state = 'finished';
      let uploaded: UploadedFile;
      try {
        uploaded = JSON.parse(lastResponse.getBody()) as UploadedFile;
      } catch {
        return options.onError(FAILED);
      }
      options.onSuccess(uploaded);
    },
    onError: (error) => {
      if (state === 'canceling') return enter('canceled'); // the creation failed: nothing to remove
      state = 'finished';
      options.onError(serverMessage(error instanceof DetailedError ? error.originalResponse?.getBody() : undefined));
    },
  });
  upload.start();
  enter('running');
  return {
    pause() {
      if (state !== 'running') return;
      enter('pausing');
      if (upload.url) stop();
    },
    resume() {
      if (state !== 'paused' && state !== 'pausing') return;
      const stopped = upload.url !== null; // a pause before the creation answered never stopped anything
      enter('running');
      if (stopped) upload.start();
    },
    cancel() {
      if (state !== 'running' && state !== 'pausing') return;
      enter('canceling');
      if (upload.url) terminate();
    },
    discard() {
      if (state === 'finished' || state === 'canceled' || state === 'canceling') return;
      state = 'canceling';
      if (upload.url) void upload.abort(true).catch(() => undefined);
    },
  };
}
