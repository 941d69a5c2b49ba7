import { memo, type ReactElement } from 'react';
import Form from '@rjsf/core';
import {
  buttonId,
  type ArrayFieldItemButtonsTemplateProps,
  type ArrayFieldItemTemplateProps,
  type ArrayFieldTemplateProps,
  type ErrorSchema,
  type IconButtonProps,
  type RJSFSchema,
  type UiSchema,
  type WidgetProps,
} from '@rjsf/utils';
import { getDefaultRegistry } from '@rjsf/core';
import type { PageProblem } from '../../shared/api/page-editor';
import { editorValidator } from './editor-validator';
import { ImageField } from './image-field';
import { fillSite } from '../../content/site';
import { problemAtField } from '../../shared/problem-words';
import { LocalizedTextWidget, useTranslatable } from './localized-text-field';
import { LOCALIZED_TEXT_MARK } from '../../shared/schema-words';

const DefaultTextWidget = getDefaultRegistry().widgets.TextWidget as (props: WidgetProps) => ReactElement;

/**
 * A text field; an image path (schema imagePath) offers the images of public/ and the uploaded ones, and uploads more.
 * A text with the site's words in braces ({brand}) says under it how visitors read it, the brand's name filled in.
 */
function TextOrImageWidget(props: WidgetProps) {
  const translatable = useTranslatable(props.value);
  const isImage = typeof props.schema.pattern === 'string' && props.schema.pattern.startsWith('^/images/');
  if (isImage) return <ImageField {...props} />;
  if (props.schema[LOCALIZED_TEXT_MARK] && translatable) return <LocalizedTextWidget props={props} Text={TextOrImageWidget} />;
  const text = typeof props.value === 'string' ? props.value : '';
  const shown = text.includes('{') ? fillSite(text) : text;
  return (
    <>
      <DefaultTextWidget {...props} />
      {shown !== text ? (
        <p className="field-help page-field-shown" id={`${props.id}-shown`}>
          Visitors read: {shown} <span className="page-field-note">(words in braces are filled in from the site settings)</span>
        </p>
      ) : null}
    </>
  );
}

const widgets = { TextWidget: TextOrImageWidget };

/** An item of a list by its label, in lower case as it reads in a sentence: card, point, days and hours. */
const itemName = (schema: RJSFSchema | undefined) => String(schema?.title ?? 'item').toLowerCase();

/** Where a list's Add button finds the words for what it adds. */
const ADD_WORDS = 'ui:addWords';

const DefaultArrayFieldTemplate = getDefaultRegistry().templates.ArrayFieldTemplate;

/** rjsf's list, its Add button told what it adds ("Add card"): the button itself is given no schema. */
function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { items } = props.schema;
  const item = items && typeof items === 'object' && !Array.isArray(items) ? props.registry.schemaUtils.retrieveSchema(items) : undefined;
  return <DefaultArrayFieldTemplate {...props} uiSchema={{ ...props.uiSchema, [ADD_WORDS]: `Add ${itemName(item)}` }} />;
}

/** A list's Add button, saying what it adds. */
function AddButton({ id, onClick, disabled, uiSchema }: IconButtonProps) {
  return (
    <button type="button" id={id} className="btn rjsf-array-item-add" onClick={onClick} disabled={disabled}>
      {String(uiSchema?.[ADD_WORDS] ?? 'Add an item')}
    </button>
  );
}

/** An item's Move up, Move down and Remove, in words, each naming its item to a screen reader (Remove card 2). */
function ItemButtons(props: ArrayFieldItemButtonsTemplateProps) {
  const { schema, index, fieldPathId, hasMoveUp, hasMoveDown, hasRemove, onMoveUpItem, onMoveDownItem, onRemoveItem } = props;
  const off = props.disabled || props.readonly;
  const which = <span className="visually-hidden"> {`${itemName(schema)} ${index + 1}`}</span>;
  return (
    <>
      {hasMoveUp || hasMoveDown ? (
        <>
          <button type="button" id={buttonId(fieldPathId, 'moveUp')} className="btn" disabled={off || !hasMoveUp} onClick={onMoveUpItem}>
            Move up{which}
          </button>
          <button type="button" id={buttonId(fieldPathId, 'moveDown')} className="btn" disabled={off || !hasMoveDown} onClick={onMoveDownItem}>
            Move down{which}
          </button>
        </>
      ) : null}
      {hasRemove ? (
        <button type="button" id={buttonId(fieldPathId, 'remove')} className="btn" disabled={off} onClick={onRemoveItem}>
          Remove{which}
        </button>
      ) : null}
    </>
  );
}

/** An item of a list: its field, then its buttons in a row under it, as a section's are (the row wraps on a phone). */
function ArrayFieldItemTemplate({ children, className, buttonsProps, hasToolbar }: ArrayFieldItemTemplateProps) {
  return (
    <div className={className}>
      {children}
      {hasToolbar ? (
        <div className="page-block-actions">
          <ItemButtons {...buttonsProps} />
        </div>
      ) : null}
    </div>
  );
}

const templates = { ArrayFieldTemplate, ArrayFieldItemTemplate, ButtonTemplates: { AddButton } };

const uiSchema: UiSchema = {
  type: { 'ui:widget': 'hidden' },
  'ui:submitButtonOptions': { norender: true },
};

/** `/items/0/answer` as rjsf's error schema: `{ items: { 0: { answer: { __errors: [...] } } } }`. */
function errorSchemaOf(problems: { pointer: string; message: string }[]): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const { pointer, message } of problems) {
    let node = root;
    for (const key of pointer.split('/').slice(1).filter(Boolean)) {
      node = (node[key] ??= {}) as Record<string, unknown>;
    }
    ((node.__errors ??= []) as string[]).push(problemAtField(message));
  }
  return root as ErrorSchema;
}

interface BlockFormProps {
  /** The form's id prefix: unique on the screen. */
  id: string;
  schema: RJSFSchema;
  value: Record<string, unknown>;
  /** Problems of this value, pointers relative to it. */
  problems: PageProblem[];
  /** A change, with the field it came from (so typing in one field is one step to undo). */
  onChange: (value: Record<string, unknown>, field: string) => void;
}

/**
 * The form of a block (or the page's meta tags), generated by rjsf from the block's own JSON Schema in schemas/blocks:
 * a field added to a schema appears here with no other change. The server's problems show at their fields.
 */
export const BlockForm = memo(function BlockForm({ id, schema, value, problems, onChange }: BlockFormProps) {
  return (
    <Form
      idPrefix={id}
      schema={schema}
      uiSchema={uiSchema}
      formData={value}
      validator={editorValidator}
      widgets={widgets}
      templates={templates}
      extraErrors={errorSchemaOf(problems)}
      showErrorList={false}
      noHtml5Validate
      // No value is filled in unasked: not an empty list's items, nor the first of a list to pick from (a style).
      experimental_defaultFormStateBehavior={{ emptyObjectFields: 'skipDefaults', arrayMinItems: { populate: 'never' }, constAsDefaults: 'skipOneOf' }}
      onChange={(event, field) => {
        if (JSON.stringify(event.formData) !== JSON.stringify(value)) onChange(event.formData as Record<string, unknown>, field ?? '');
      }}
    />
  );
});
