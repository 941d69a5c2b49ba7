import type { FormDefinition } from '../../shared/generated/form-definition';
import { formatPhone, holdsPhone } from '../../shared/phone';

export type LeadData = Record<string, unknown>;

interface FieldSchema {
  title?: string;
  format?: string;
  oneOf?: { const?: unknown; title?: string }[];
}

/** Fields that hold an upload id rather than text a person reads. */
function uploadFieldsOf(form: FormDefinition | undefined): Set<string> {
  const ui = (form?.ui ?? {}) as Record<string, { 'ui:widget'?: string } | undefined>;
  return new Set(Object.keys(ui).filter((key) => ui[key]?.['ui:widget'] === 'file-upload'));
}

function propertiesOf(form: FormDefinition | undefined): Record<string, FieldSchema> {
  return (form?.schema.properties ?? {}) as Record<string, FieldSchema>;
}

/** The data's keys in the order the form shows them, then any the form no longer knows. */
export function orderedKeys(form: FormDefinition | undefined, data: LeadData): string[] {
  const order = ((form?.ui as { 'ui:order'?: string[] } | undefined)?.['ui:order'] ?? []).filter((k) => k !== '*');
  const keys = [...order, ...Object.keys(propertiesOf(form)), ...Object.keys(data)];
  return [...new Set(keys)].filter((key) => key in data);
}

/** A value as staff read it: the choice's title rather than its code, a phone number as "+91 98765 43210". */
function displayValue(form: FormDefinition | undefined, key: string, value: unknown): string {
  const field = propertiesOf(form)[key];
  const choice = field?.oneOf?.find((option) => option.const === value);
  if (choice?.title) return choice.title;
  if (typeof value === 'string' && holdsPhone(field?.format)) return formatPhone(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function labelOf(form: FormDefinition | undefined, key: string): string {
  return propertiesOf(form)[key]?.title ?? key;
}

/** Every field but the uploads (served as the resume), labelled from the form definition. */
export function labelledFields(form: FormDefinition | undefined, data: LeadData) {
  const uploads = uploadFieldsOf(form);
  return orderedKeys(form, data)
    .filter((key) => !uploads.has(key))
    .map((key) => ({ key, label: labelOf(form, key), value: displayValue(form, key, data[key]) }));
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** Who the lead is, whatever each form calls its fields. */
export function contactOf(data: LeadData) {
  return {
    name: text(data.name) ?? text(data.contactName) ?? text(data.companyName),
    email: text(data.email),
    phone: text(data.phone) ?? text(data.contact),
  };
}

const CONTACT_KEYS = new Set(['name', 'contactName', 'email', 'phone', 'contact', 'city']);
const SUMMARY_LENGTH = 140;

/** A line of the fields that say what the lead wants, for the inbox table. */
export function summaryOf(form: FormDefinition | undefined, data: LeadData): string {
  const uploads = uploadFieldsOf(form);
  const parts = orderedKeys(form, data)
    .filter((key) => !CONTACT_KEYS.has(key) && !uploads.has(key))
    .map((key) => displayValue(form, key, data[key]).replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const line = parts.join(' · ');
  return line.length > SUMMARY_LENGTH ? `${line.slice(0, SUMMARY_LENGTH - 1)}…` : line;
}
