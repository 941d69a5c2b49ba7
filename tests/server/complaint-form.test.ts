import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import complaint from '../../pages/forms/complaint.json';
import { preloadForm } from '../../src/content/page-bundle';
import { COMPLAINT_FORM } from '../../src/shared/complaint-form';
import { fieldErrorsOf, formFieldsOf } from '../../src/shared/form-field-errors';
import { errorBody } from '../../src/server/http/error-reply';
import { databaseKinds, startTestServer } from '../support/test-server';
import { loginAs } from '../support/sessions';
import { inLocale } from '../../src/shared/localized-text';

type Server = Awaited<ReturnType<typeof startTestServer>>;

// The form's English words: the popup on an English page, and the API, say them.
type FieldWords = { errorMessage: { _: string; maxLength: string }; maxLength: number };
const english = inLocale(complaint, 'en') as unknown as {
  schema: { properties: { subject: FieldWords; message: FieldWords }; errorMessage: { required: { subject: string; message: string } } };
  onSuccess: { toast: { text: string } };
};
const { subject, message } = english.schema.properties;
/** Complaints the popup refuses, each with the words pages/forms/complaint.json gives for it. */
const refused: [Record<string, string>, string][] = [
  [{ subject: '   ', message: 'The invoice is wrong.' }, subject.errorMessage._],
  [{ message: 'The invoice is wrong.' }, english.schema.errorMessage.required.subject],
  [{ subject: 'Invoice', message: '' }, english.schema.errorMessage.required.message],
  [{ subject: 'Invoice', message: ' \n ' }, message.errorMessage._],
  [{ subject: 'x'.repeat(subject.maxLength + 1), message: 'The invoice is wrong.' }, subject.errorMessage.maxLength],
  [{ subject: 'Invoice', message: 'x'.repeat(message.maxLength + 1) }, message.errorMessage.maxLength],
  // Both wrong: the first field's message, as the popup lists them.
  [{ subject: '', message: '' }, subject.errorMessage._],
];

describe.each(databaseKinds)('the complaint form in the popup and on the server, on %s', (kind) => {
  let server: Server;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({ kind, site: false, config: { captcha: 'off', outboxIntervalMs: 0 } });
    token = (await loginAs(server.app, server.db, 'RECRUITER')).token;
  });
  afterAll(() => server.close());

  const file = (data: Record<string, string>) =>
    server.app.inject({
      method: 'POST',
      url: '/api/users/complaints',
      payload: { ...data, captcha: 'x' },
      headers: { authorization: `Bearer ${token}` },
    });

  it('refuses what the popup refuses, in the words the form declares', async () => {
    // The definition and compiled validator as the popup loads them in the browser.
    const { definition, validator } = await preloadForm(COMPLAINT_FORM, 'en');
    const inPopup = (data: Record<string, string>) =>
      fieldErrorsOf(validator, definition.schema, formFieldsOf(definition.schema, data)).map((e) => e.message);
    for (const [data, declared] of refused) {
      expect(inPopup(data)[0], JSON.stringify(data)).toBe(declared);
      const response = await file(data);
      expect(response.statusCode, JSON.stringify(data)).toBe(400);
      expect(response.json(), JSON.stringify(data)).toEqual(errorBody(declared));
    }
    expect(Number((await server.db.query<{ n: number }>('select count(*)::int as n from complaints'))[0]?.n)).toBe(0);

    const accepted = { subject: 'x'.repeat(subject.maxLength), message: 'The invoice is wrong.' };
    expect(inPopup(accepted)).toEqual([]);
    const response = await file(accepted);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: english.onSuccess.toast.text, reference: expect.stringMatching(/^CMP-\d{4}-\d{6,}$/) });
  });
});
