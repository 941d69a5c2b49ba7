import { useCallback, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import Form from '@rjsf/core';
import type { ErrorSchema, RegistryWidgetsType, RJSFValidationError, UiSchema } from '@rjsf/utils';
import { toast } from 'react-toastify';
import type { FormUse } from '../shared/generated/page-document';
import type { FormResult, ResultMessage } from '../shared/generated/form-definition';
import { useLoadedForm } from '../content/page-bundle';
import { usePageLocale } from '../ui/site-navigation';
import { fillPlaceholders } from '../shared/placeholders';
import { submitForm } from './submit-form';
import type { FieldError } from '../shared/api/error-body';
import { moveRequiredMessagesToFields } from '../shared/transform-errors';
import { ResultDialog } from './result-dialog';
import { SubmissionReference } from './submission-reference';
import { errorSummaryId, formTemplates } from './form-templates';
import { TelWidget } from './widgets/tel-widget';
import { IndianMobileWidget } from './widgets/indian-mobile-widget';
import { RadioWidget } from './widgets/radio-widget';
import { SelectWidget } from './widgets/select-widget';
import { FileUploadWidget } from './widgets/file-upload-widget';
import { CaptchaField, captchaFieldId } from './captcha/captcha-field';
import { CAPTCHA_MESSAGE } from '../shared/constants';
import { DATA_REQUEST_PATH } from '../shared/data-request-path';
import { usePageWords } from '../ui/page-words';

/** Widgets that form definitions name in ui:widget. */
const widgets: RegistryWidgetsType = {
  tel: TelWidget,
  'indian-mobile': IndianMobileWidget,
  'file-upload': FileUploadWidget,
  RadioWidget,
  SelectWidget,
};

type Data = Record<string, unknown>;
type Dialog = { message: ResultMessage; tone: 'success' | 'error' };

interface FormViewProps {
  use: FormUse;
  /** Called after a result whose "then" is reset-and-close, so the popup holding the form closes. */
  onDone?: () => void;
  /** Rendered under the heading, such as the event a registration is for. */
  children?: ReactNode;
  /** Where the form posts, when neither the form API nor its definition's endpoint (a job application goes to its job). */
  endpoint?: string;
}

function toErrorSchema(errors: FieldError[]): ErrorSchema {
  return Object.fromEntries(errors.map((e) => [e.field, { __errors: [e.message] }])) as ErrorSchema;
}

function asText(data: Data): Record<string, string> {
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, v == null ? '' : String(v)]));
}

interface State {
  formData: Data;
  /** Bumped to remount the form afresh after a reset. */
  generation: number;
  busy: boolean;
  serverErrors: ErrorSchema | undefined;
  banner: string | null;
  panel: ResultMessage | null;
  dialog: Dialog | null;
  /** The last stored submission's reference, kept in view until the next is sent so the visitor can note it. */
  reference: string | null;
  captchaToken: string | undefined;
  captchaError: string | undefined;
  /** A captcha token counts once: every submission attempt starts a fresh check. */
  captchaGeneration: number;
  /** Fields whose file is still uploading; the form cannot be sent meanwhile. */
  uploadsRunning: string[];
  /** Bumped each time the captcha is found unsolved on submit, so the error summary listing it takes focus. */
  captchaRefusals: number;
}

type Action =
  | { type: 'edited'; formData: Data }
  | { type: 'upload-running'; field: string; running: boolean }
  | { type: 'captcha-answered'; token: string | undefined }
  | { type: 'captcha-missing' }
  | { type: 'submit-started' }
  | { type: 'submit-finished' }
  | { type: 'rejected'; serverErrors: ErrorSchema; captchaError?: string }
  | { type: 'result'; banner: string | null; panel?: ResultMessage; dialog?: Dialog; resetTo?: Data; reference?: string }
  | { type: 'panel-dismissed' }
  | { type: 'dialog-closed' };

const initialState = (fixed: Data): State => ({
  formData: { ...fixed },
  generation: 0,
  busy: false,
  serverErrors: undefined,
  banner: null,
  panel: null,
  dialog: null,
  reference: null,
  captchaToken: undefined,
  captchaError: undefined,
  captchaGeneration: 0,
  uploadsRunning: [],
  captchaRefusals: 0,
});

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'edited':
      return { ...state, formData: action.formData };
    case 'upload-running': {
      const others = state.uploadsRunning.filter((f) => f !== action.field);
      return { ...state, uploadsRunning: action.running ? [...others, action.field] : others };
    }
    case 'captcha-answered':
      return { ...state, captchaToken: action.token, captchaError: action.token ? undefined : state.captchaError };
    case 'captcha-missing':
      return { ...state, captchaError: CAPTCHA_MESSAGE, captchaRefusals: state.captchaRefusals + 1 };
    case 'submit-started':
      return { ...state, busy: true, banner: null, reference: null, serverErrors: undefined, captchaError: undefined };
    case 'submit-finished':
      return { ...state, busy: false, captchaToken: undefined, captchaGeneration: state.captchaGeneration + 1 };
    case 'rejected':
      return {
        ...state,
        serverErrors: action.serverErrors,
        captchaError: action.captchaError ?? state.captchaError,
        captchaRefusals: state.captchaRefusals + (action.captchaError ? 1 : 0),
      };
    case 'result': {
      const next = {
        ...state,
        banner: action.banner,
        panel: action.panel ?? state.panel,
        dialog: action.dialog ?? state.dialog,
        reference: action.reference ?? null,
      };
      if (!action.resetTo) return next;
      return { ...next, formData: { ...action.resetTo }, serverErrors: undefined, generation: state.generation + 1 };
    }
    case 'panel-dismissed':
      return { ...state, panel: null };
    case 'dialog-closed':
      return { ...state, dialog: null };
  }
}

/** A form of pages/forms, rendered with rjsf and validated in the browser with its precompiled validator. */
export function FormView({ use, onDone, children, endpoint }: FormViewProps) {
  const { definition, validator } = useLoadedForm(use.form, usePageLocale());
  const words = usePageWords();
  const fixed = useMemo(() => use.fixed ?? {}, [use.fixed]);
  const [state, dispatch] = useReducer(reducer, fixed, initialState);
  const {
    formData,
    generation,
    busy,
    serverErrors,
    banner,
    panel,
    dialog,
    reference,
    captchaToken,
    captchaError,
    captchaGeneration,
    uploadsRunning,
    captchaRefusals,
  } = state;
  const formContext = useMemo(
    () => ({ onUploading: (field: string, running: boolean) => dispatch({ type: 'upload-running', field, running }) }),
    [],
  );

  const uiSchema = useMemo<UiSchema>(() => {
    const ui: UiSchema = { ...definition.ui, 'ui:submitButtonOptions': { norender: true } };
    for (const field of Object.keys(fixed)) ui[field] = { ...(ui[field] as object), 'ui:readonly': true };
    for (const field of use.hidden ?? []) ui[field] = { ...(ui[field] as object), 'ui:widget': 'hidden' };
    for (const [field, offered] of Object.entries(use.choices ?? {})) {
      const own = (ui[field] ?? {}) as UiSchema;
      ui[field] = { ...own, 'ui:options': { ...own['ui:options'], offered } };
    }
    return ui;
  }, [definition.ui, fixed, use.hidden, use.choices]);

  const closeDialog = useCallback(() => dispatch({ type: 'dialog-closed' }), []);

  const idPrefix = `${definition.id}-${generation}`;
  const focusErrorSummary = useCallback(() => document.getElementById(errorSummaryId(idPrefix))?.focus(), [idPrefix]);
  // The server's verdict on fields arrives after the submit: the summary listing it takes focus as a local one does.
  useEffect(() => {
    if (serverErrors && Object.keys(serverErrors).length) focusErrorSummary();
  }, [serverErrors, focusErrorSummary]);
  // An unsolved captcha is one more error of the summary, linked to the widget; the summary takes focus for it too.
  const extraErrors = useMemo<ErrorSchema | undefined>(
    () => (captchaError ? { ...serverErrors, ...toErrorSchema([{ field: 'captcha', message: captchaError }]) } : serverErrors),
    [serverErrors, captchaError],
  );
  useEffect(() => {
    if (captchaRefusals) focusErrorSummary();
  }, [captchaRefusals, focusErrorSummary]);
  // A result shown in the form (panel or banner) takes focus, so it is read out and focus is not lost with the form
  // it replaces; after a reset with only a toast (itself an alert) focus goes to the start of the fresh form. A popup
  // takes focus itself and gives it back here when it closes.
  const resultRef = useRef<HTMLElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (dialog) return;
    if (panel || banner) resultRef.current?.focus();
    else if (generation > 0) cardRef.current?.focus();
  }, [dialog, panel, banner, generation]);

  function showResult(result: FormResult, tone: 'success' | 'error', submitted: Data, reference?: string) {
    const fill = (m: ResultMessage | undefined) => m && fillPlaceholders(m, asText(submitted));
    const t = fill(result.toast);
    if (t) {
      const body = t.title ? `${t.title}\n${t.text}` : t.text;
      (tone === 'success' ? toast.success : toast.error)(body, { autoClose: t.autoCloseMs ?? 5000 });
    }
    const popup = fill(result.popup ?? result.modal);
    dispatch({
      type: 'result',
      banner: fill(result.banner)?.text ?? null,
      panel: result.panel ? fill(result.panel) : undefined,
      dialog: popup ? { message: popup, tone } : undefined,
      resetTo: result.then !== 'keep' ? fixed : undefined,
      reference,
    });
    if (result.then === 'reset-and-close') onDone?.();
  }

  async function onSubmit(data: Data) {
    if (definition.captcha && !captchaToken) return dispatch({ type: 'captcha-missing' });
    dispatch({ type: 'submit-started' });
    const outcome = await submitForm(
      definition.id,
      location.pathname.replace(/\/+$/, '') || '/',
      { ...data, ...fixed },
      captchaToken,
      endpoint ?? definition.endpoint,
    );
    dispatch({ type: 'submit-finished' });
    if (outcome.kind === 'stored') return showResult(definition.onSuccess, 'success', { ...data, ...fixed }, outcome.reference);
    if (outcome.kind === 'rejected') {
      const captchaProblem = outcome.errors.find((e) => e.field === 'captcha');
      dispatch({
        type: 'rejected',
        serverErrors: toErrorSchema(outcome.errors.filter((e) => e.field && e.field !== 'captcha')),
        captchaError: captchaProblem?.message,
      });
      if (captchaProblem) return;
    }
    const result = definition.onError;
    if (outcome.kind === 'unreachable' && definition.networkErrorText) {
      const text = definition.networkErrorText;
      const swap = (m?: ResultMessage) => m && { ...m, text };
      return showResult(
        { ...result, toast: swap(result.toast), banner: swap(result.banner), popup: swap(result.popup), modal: swap(result.modal) },
        'error',
        data,
      );
    }
    showResult(result, 'error', data);
  }

  function onInvalid(errors: RJSFValidationError[]) {
    // The summary of the fields' errors lists the unsolved captcha as well.
    if (definition.captcha && !captchaToken) dispatch({ type: 'captcha-missing' });
    if (definition.invalidMessage && errors.length) toast.error(definition.invalidMessage, { autoClose: 5000 });
  }

  const heading = use.heading ?? undefined;
  return (
    <div className="form-card" tabIndex={-1} ref={cardRef}>
      {heading ? <h2 className="form-heading">{heading}</h2> : null}
      {use.intro ? <p className="form-intro">{use.intro}</p> : null}
      {children}
      {reference ? <SubmissionReference reference={reference} /> : null}
      {panel ? (
        <div className="result-panel" role="status" tabIndex={-1} ref={(el) => void (resultRef.current = el)}>
          <div className="result-icon" aria-hidden="true">
            ✓
          </div>
          <h3>{panel.title}</h3>
          <p>{panel.text}</p>
          <button type="button" className="button button-light" onClick={() => dispatch({ type: 'panel-dismissed' })}>
            Submit another response
          </button>
        </div>
      ) : (
        <Form
          key={generation}
          schema={definition.schema}
          uiSchema={uiSchema}
          formData={formData}
          validator={validator}
          widgets={widgets}
          onChange={(e) => dispatch({ type: 'edited', formData: e.formData as Data })}
          onSubmit={(e) => onSubmit(e.formData as Data)}
          onError={onInvalid}
          transformErrors={moveRequiredMessagesToFields}
          extraErrors={extraErrors}
          formContext={formContext}
          templates={formTemplates}
          showErrorList="top"
          noHtml5Validate
          focusOnFirstError={focusErrorSummary}
          // A choice like "Looking For Job" is the visitor's to make, never preselected.
          experimental_defaultFormStateBehavior={{ constAsDefaults: 'never' }}
          disabled={busy}
          idPrefix={idPrefix}
          className={`rjsf form-${definition.id}`}
        >
          {definition.captcha ? (
            <CaptchaField
              id={captchaFieldId(idPrefix)}
              generation={captchaGeneration}
              error={captchaError}
              onToken={(token) => dispatch({ type: 'captcha-answered', token })}
            />
          ) : null}
          {definition.consent ? (
            <p className="form-consent">
              {definition.consent} {/* A new tab, so what the visitor has typed here stays. */}
              <a href={DATA_REQUEST_PATH} target="_blank" rel="noopener">
                {words['form.yourData']}
                <span className="visually-hidden"> {words['form.opensInNewTab']}</span>
              </a>
              .
            </p>
          ) : null}
          {banner ? (
            <p className="form-banner" role="alert" tabIndex={-1} ref={(el) => void (resultRef.current = el)}>
              {banner}
            </p>
          ) : null}
          <button type="submit" className="button button-block" disabled={busy || uploadsRunning.length > 0} aria-busy={busy || undefined}>
            {busy ? definition.busyLabel : uploadsRunning.length ? words['form.uploading'] : definition.submitLabel}
          </button>
        </Form>
      )}
      {dialog ? (
        <ResultDialog
          title={dialog.message.title}
          text={dialog.message.text}
          tone={dialog.tone}
          autoCloseMs={dialog.message.autoCloseMs}
          reference={reference}
          onClose={closeDialog}
        />
      ) : null}
    </div>
  );
}
