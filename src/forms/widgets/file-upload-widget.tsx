import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { isAbort, uploadFile, type UploadOptions } from '../upload-client';
import type { ResumableState, ResumableUpload } from '../resumable-upload';
import { RESUMABLE_ABOVE_BYTES } from '../../shared/api/resumable-uploads';

const MAX_BYTES = 5 * 1024 * 1024;

type State =
  | { status: 'idle' }
  | { status: 'uploading'; name: string; percent: number }
  /** A file above RESUMABLE_ABOVE_BYTES on its way in chunks, which the visitor may pause, resume or cancel. */
  | { status: 'resumable'; name: string; percent: number; phase: 'running' | 'pausing' | 'paused' | 'canceling' }
  | { status: 'canceled' }
  | { status: 'done'; name: string; id: string }
  | { status: 'error'; message: string };

/** The accept list as words a visitor knows: ".pdf,.doc,.docx" becomes "a PDF, DOC or DOCX file". */
function describe(accept: string[]): string {
  const names = accept.map((a) =>
    a.startsWith('.') ? a.slice(1).toUpperCase() : a.endsWith('/*') ? a.slice(0, -2) : (a.split('/').pop() ?? a).toUpperCase(),
  );
  const last = names.at(-1);
  if (last === undefined) return 'a file';
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${last}` : last;
  return `${/^[aeio]/i.test(list) ? 'an' : 'a'} ${list} file`;
}

/** Checks the browser can make before sending anything; the server checks the bytes again. */
function problemWith(file: File, accept: string[]): string | undefined {
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  const fits = (a: string) => (a.startsWith('.') ? name.endsWith(a) : a.endsWith('/*') ? type.startsWith(a.slice(0, -1)) : type === a);
  if (accept.length && !accept.some(fits)) return `Please upload ${describe(accept)}.`;
  if (file.size === 0) return 'Please choose a file.';
  if (file.size > MAX_BYTES) return 'The file is larger than 5 MB.';
  return undefined;
}

/** The state in words, announced politely as it changes; the progress bar carries the percentage. */
function statusText(state: State): string {
  if (state.status === 'uploading') return `Uploading… ${state.percent}%`;
  if (state.status === 'canceled') return 'Upload cancelled.';
  if (state.status === 'done') return 'Upload successful.';
  if (state.status === 'error') return 'Upload failed.';
  if (state.status !== 'resumable') return '';
  if (state.phase === 'running') return 'Upload running.';
  if (state.phase === 'pausing') return 'Upload pausing…';
  if (state.phase === 'paused') return `Upload paused at ${state.percent}%.`;
  return 'Upload cancelling…';
}

/**
 * Uploads the chosen file at once (one POST /api/uploads, or resumably in chunks above RESUMABLE_ABOVE_BYTES) and holds the upload's id as the field's value: undefined
 * while the upload runs, after a failure and after Remove.
 */
export function FileUploadWidget({ id, value, disabled, readonly, options, onChange, registry }: WidgetProps) {
  const [state, setState] = useState<State>({ status: 'idle' });
  // The form holds its submit button while a file is on its way, so a registration never leaves without it.
  const onUploading = (registry.formContext as { onUploading?: (field: string, busy: boolean) => void } | undefined)?.onUploading;
  const uploading = state.status === 'uploading' || state.status === 'resumable';
  useEffect(() => {
    onUploading?.(id, uploading);
    return () => onUploading?.(id, false);
  }, [id, uploading, onUploading]);
  const running = useRef<AbortController | null>(null);
  const resumable = useRef<ResumableUpload | null>(null);
  // Each chosen file gets a number: callbacks of a file since replaced change nothing.
  const chosen = useRef(0);
  const input = useRef<HTMLInputElement>(null);
  useEffect(
    () => () => {
      running.current?.abort();
      resumable.current?.discard();
    },
    [],
  );

  const accept = typeof options.accept === 'string' ? options.accept : undefined;
  const acceptList = (accept ?? '')
    .split(',')
    .map((a) => a.trim().toLowerCase())
    .filter(Boolean);
  const kind = (options.uploadKind as UploadOptions['kind']) ?? 'resume';
  const locked = disabled || readonly;

  function cancel() {
    chosen.current += 1;
    running.current?.abort();
    running.current = null;
    resumable.current?.discard();
    resumable.current = null;
  }

  async function uploadResumably(file: File) {
    const mine = chosen.current;
    const current = () => chosen.current === mine;
    let percent = 0;
    const show = (phase: ResumableState) => {
      if (!current()) return;
      if (phase === 'canceled') {
        resumable.current = null;
        setState({ status: 'canceled' });
        input.current?.focus(); // the Cancel button is gone: choosing a file is what comes next
      } else setState({ status: 'resumable', name: file.name, percent, phase });
    };
    // Until the resumable client has loaded, the file shows as on its way, with Cancel.
    setState({ status: 'uploading', name: file.name, percent });
    try {
      const { startResumableUpload } = await import('../resumable-upload');
      if (!current()) return;
      resumable.current = startResumableUpload(file, {
        kind,
        onState: show,
        onProgress: (fraction) => {
          percent = Math.min(100, Math.round(fraction * 100));
          if (current()) setState((now) => (now.status === 'resumable' ? { ...now, percent } : now));
        },
        onSuccess: (uploaded) => {
          if (!current()) return;
          resumable.current = null;
          setState({ status: 'done', name: uploaded.name, id: uploaded.id });
          onChange(uploaded.id);
        },
        onError: (message) => {
          if (!current()) return;
          resumable.current = null;
          setState({ status: 'error', message });
        },
      });
    } catch {
      if (current()) setState({ status: 'error', message: 'The upload failed. Please check your connection and try again.' });
    }
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // so choosing the same file again after Remove is a change too
    if (!file) return;
    cancel();
    onChange(undefined);
    const problem = problemWith(file, acceptList);
    if (problem) return setState({ status: 'error', message: problem });
    if (file.size > RESUMABLE_ABOVE_BYTES) return uploadResumably(file);

    const controller = new AbortController();
    running.current = controller;
    setState({ status: 'uploading', name: file.name, percent: 0 });
    try {
      const uploaded = await uploadFile(file, {
        kind,
        signal: controller.signal,
        onProgress: (fraction) => setState({ status: 'uploading', name: file.name, percent: Math.min(100, Math.round(fraction * 100)) }),
      });
      if (controller.signal.aborted) return;
      setState({ status: 'done', name: uploaded.name, id: uploaded.id });
      onChange(uploaded.id);
    } catch (error) {
      if (isAbort(error)) return;
      setState({ status: 'error', message: error instanceof Error ? error.message : 'The upload failed. Please try again.' });
    } finally {
      if (running.current === controller) running.current = null;
    }
  }

  function remove() {
    cancel();
    setState({ status: 'idle' });
    onChange(undefined);
  }

  // The form's value wins: a reset empties the widget, a value it did not upload still shows as a file.
  const shown: State =
    typeof value === 'string' && value
      ? state.status === 'done' && state.id === value
        ? state
        : { status: 'done', name: 'Uploaded file', id: value }
      : state.status === 'done'
        ? { status: 'idle' }
        : state;

  const errorId = `${id}-upload-error`;
  const helpId = `${id}-upload-help`;
  const describedBy = [shown.status === 'error' ? errorId : '', options.help ? helpId : ''].filter(Boolean).join(' ') || undefined;
  const progressBar = (name: string, percent: number) => (
    <div
      className="file-upload-progress"
      role="progressbar"
      aria-label={`Uploading ${name}`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      style={{ flexBasis: '100%', height: 6, borderRadius: 3, overflow: 'hidden', background: 'var(--c-border, #e2e8f0)' }}
    >
      <span style={{ display: 'block', height: '100%', width: `${percent}%`, background: 'var(--c-primary, #1d4ed8)' }} />
    </div>
  );
  const removeButton = (label: string) => (
    <button type="button" className="button button-light file-upload-remove" onClick={remove} disabled={locked}>
      {label}
    </button>
  );

  return (
    <div className="file-upload">
      <label className="button button-light file-upload-button" htmlFor={id}>
        {typeof options.label === 'string' ? options.label : 'Choose File'}
      </label>
      <input
        id={id}
        ref={input}
        type="file"
        className="visually-hidden"
        accept={accept}
        disabled={locked}
        aria-describedby={describedBy}
        aria-invalid={shown.status === 'error' || undefined}
        onChange={choose}
      />
      {shown.status === 'uploading' ? (
        <>
          <span className="file-upload-name">{shown.name}</span>
          {removeButton('Cancel')}
          {progressBar(shown.name, shown.percent)}
        </>
      ) : shown.status === 'resumable' ? (
        <>
          <span className="file-upload-name">{shown.name}</span>
          {/* One button that pauses and resumes, so it keeps the keyboard focus as its label changes. */}
          <button
            type="button"
            className="button button-light file-upload-remove"
            onClick={() => (shown.phase === 'running' ? resumable.current?.pause() : resumable.current?.resume())}
            disabled={locked || shown.phase === 'canceling'}
          >
            {shown.phase === 'running' ? 'Pause upload' : 'Resume upload'}
          </button>
          {shown.phase === 'running' || shown.phase === 'pausing' ? (
            <button
              type="button"
              className="button button-light file-upload-remove"
              onClick={() => resumable.current?.cancel()}
              disabled={locked}
            >
              Cancel upload
            </button>
          ) : null}
          {progressBar(shown.name, shown.percent)}
        </>
      ) : shown.status === 'done' ? (
        <>
          <span className="file-upload-name">{shown.name}</span>
          {removeButton('Remove')}
        </>
      ) : (
        <span className="file-upload-name">No file chosen</span>
      )}
      <small className="field-help" role="status" aria-live="polite">
        {statusText(shown)}
      </small>
      {shown.status === 'error' ? (
        <small id={errorId} className="file-upload-error" role="alert">
          {shown.message}
        </small>
      ) : null}
      {options.help ? (
        <small id={helpId} className="field-help">
          {String(options.help)}
        </small>
      ) : null}
    </div>
  );
}
