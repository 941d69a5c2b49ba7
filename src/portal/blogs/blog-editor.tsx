import { useCallback, useDeferredValue, useEffect, useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api-client';
import { FormBanner } from '../../ui/form-banner';
import { BlogArticle } from './blog-article';
import { CoverUpload, type Cover } from './cover-upload';
import { useSavePost } from './blog-queries';
import type { AdminPost } from '../../shared/api/blogs';
import { SUMMARY_MAX, TITLE_MAX, byteLength, problemWithPost } from '../../shared/blog-post-rules';

interface BlogEditorProps {
  /** The post being edited; absent, a new one. */
  post?: AdminPost;
  onSaved: (post: AdminPost) => void;
  /** Told whether there are unsaved changes, so leaving for another post can ask first. */
  onDirty?: (dirty: boolean) => void;
}

/** Title, summary, cover and Markdown with a live preview through the renderer readers get; saves as draft or published. */
export function BlogEditor({ post, onSaved, onDirty }: BlogEditorProps) {
  const id = useId();
  const [title, setTitle] = useState(post?.title ?? '');
  const [summary, setSummary] = useState(post?.summary ?? '');
  const [markdown, setMarkdown] = useState(post?.markdown ?? '');
  const [cover, setCover] = useState<Cover>({ uploadId: post?.coverUploadId ?? null, previewUrl: post?.coverUrl ?? null });
  const [coverBusy, setCoverBusy] = useState(false);
  const savePost = useSavePost(post?.id);
  const saving = savePost.isPending;
  const [error, setError] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  // The preview may lag a keystroke behind on a long post rather than slow the typing.
  const preview = useDeferredValue(markdown);
  const published = post?.status === 'published';
  const onCoverBusy = useCallback((busy: boolean) => setCoverBusy(busy), []);

  useEffect(() => onDirty?.(dirty), [dirty, onDirty]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setDirty(true);
    };

  async function save(publish: boolean) {
    const problem = problemWithPost({ title, summary, markdown, publish });
    if (problem) return setError(problem);
    setError(null);
    try {
      const saved = await savePost.mutateAsync({
        title,
        summary: summary.trim() || null,
        markdown,
        coverUploadId: cover.uploadId,
        publish,
      });
      setDirty(false);
      onSaved(saved.post);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Something went wrong. Please try again.');
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(published);
  };
  const locked = saving || coverBusy;
  const bytes = byteLength(markdown);

  return (
    <form className="blog-editor" onSubmit={submit} noValidate>
      <div className="blog-editor-fields portal-card">
        <div className="form-group">
          <label className="control-label" htmlFor={`${id}-title`}>
            Title <span className="required">*</span>
          </label>
          <input
            id={`${id}-title`}
            className="form-control"
            value={title}
            maxLength={TITLE_MAX + 20}
            onChange={(e) => edit(setTitle)(e.target.value)}
            aria-describedby={`${id}-title-help`}
          />
          <small id={`${id}-title-help`} className="field-help">
            {[...title.trim()].length}/{TITLE_MAX} characters.{' '}
            {published ? 'The address of a published post stays as it is.' : 'The address is made from the title.'}
          </small>
        </div>
        <div className="form-group">
          <label className="control-label" htmlFor={`${id}-summary`}>
            Summary
          </label>
          <textarea
            id={`${id}-summary`}
            className="form-control blog-summary-input"
            rows={2}
            value={summary}
            onChange={(e) => edit(setSummary)(e.target.value)}
            aria-describedby={`${id}-summary-help`}
          />
          <small id={`${id}-summary-help`} className="field-help">
            Shown on the post's card; {[...summary.trim()].length}/{SUMMARY_MAX} characters. Left empty, the card shows the post's opening
            lines.
          </small>
        </div>
        <CoverUpload value={cover} onChange={edit(setCover)} onBusy={onCoverBusy} />
      </div>

      <div className="blog-editor-panes">
        <div className="blog-editor-pane portal-card">
          <label className="control-label" htmlFor={`${id}-markdown`}>
            Post (Markdown) <span className="required">*</span>
          </label>
          <textarea
            id={`${id}-markdown`}
            className="form-control blog-markdown-input"
            value={markdown}
            spellCheck
            onChange={(e) => edit(setMarkdown)(e.target.value)}
            aria-describedby={`${id}-markdown-help`}
          />
          <small id={`${id}-markdown-help`} className="field-help">
            # Heading, **bold**, *italic*, [link](https://…), - list, `code`. HTML is shown as text. {Math.ceil(bytes / 1024)} of 100 KB.
          </small>
        </div>
        <div className="blog-editor-pane portal-card" aria-label="Preview" role="region">
          <p className="blog-preview-label">Preview</p>
          <BlogArticle
            title={title}
            markdown={preview}
            publishedAt={post?.publishedAt ?? null}
            author={post?.author ?? null}
            coverUrl={cover.previewUrl}
            preview
          />
        </div>
      </div>

      <FormBanner message={error} />
      <div className="blog-editor-actions">
        {published ? (
          <>
            <button type="submit" className="button" disabled={locked}>
              {saving ? 'Saving…' : 'Save changes'}
            </button>
            <button type="button" className="button button-light" disabled={locked} onClick={() => save(false)}>
              Unpublish
            </button>
          </>
        ) : (
          <>
            <button type="button" className="button button-light" disabled={locked} onClick={() => save(false)}>
              {saving ? 'Saving…' : 'Save draft'}
            </button>
            <button type="button" className="button" disabled={locked} onClick={() => save(true)}>
              Publish
            </button>
          </>
        )}
        {coverBusy ? <small className="field-help">Waiting for the cover image to upload…</small> : null}
      </div>
    </form>
  );
}
