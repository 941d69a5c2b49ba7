import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { describe, expect, it } from 'vitest';
import functions, { schema } from '../../src/shared/generated/validators/contact';
import { withRuleMessages } from '../../src/shared/rule-messages';
import { ruleWords } from '../../src/shared/i18n/rule-words';
import { moveRequiredMessagesToFields } from '../../src/shared/transform-errors';

// The contact form as the server and the browser check it: its compiled validator and the schema it was compiled from.
const validator = createPrecompiledValidator(functions as never, schema as never);
const valid = { name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210', subject: 'Hiring', message: 'Call me' };

const messages = (data: Record<string, unknown>) =>
  Object.fromEntries(
    validator.validateFormData(data, schema as never, undefined, moveRequiredMessagesToFields).errors.map((e) => [e.property, e.message]),
  );

describe('one message per rule of a field', () => {
  it("keeps the form's own message for a field left empty or malformed", () => {
    expect(messages({ ...valid, name: undefined })).toEqual({ '.name': 'Name is required' });
    expect(messages({ ...valid, name: '   ' })).toEqual({ '.name': 'Name is required' });
    expect(messages({ ...valid, email: 'asha@' })).toEqual({ '.email': 'Enter a valid email address' });
  });

  it('says a value is too long rather than missing', () => {
    expect(messages({ ...valid, name: 'A'.repeat(101) })).toEqual({ '.name': 'Full Name must be at most 100 characters' });
  });

  it('gives a field with no message of its own a plain one per rule', () => {
    type WithMessages = { errorMessage: unknown; properties: { city: { errorMessage: unknown } } };
    const own = withRuleMessages(
      {
        type: 'object',
        required: ['city'],
        properties: { city: { type: 'string', title: 'City', minLength: 2, maxLength: 40, pattern: '^[A-Za-z ]+$' } },
      },
      ruleWords('en'),
    ) as unknown as WithMessages;
    expect(own.errorMessage).toEqual({ required: { city: 'City is required' } });
    expect(own.properties.city.errorMessage).toEqual({
      maxLength: 'City must be at most 40 characters',
      minLength: 'City must be at least 2 characters',
      pattern: 'Enter a valid city',
      format: 'Enter a valid city',
    });
  });

  it("words each rule in the form's language", () => {
    const field = { type: 'string', title: 'शहर', minLength: 2, maxLength: 40 };
    const hindi = withRuleMessages({ type: 'object', required: ['city'], properties: { city: field } }, ruleWords('hi')) as unknown as {
      errorMessage: unknown;
      properties: { city: { errorMessage: unknown } };
    };
    expect(hindi.errorMessage).toEqual({ required: { city: 'शहर भरना ज़रूरी है' } });
    expect(hindi.properties.city.errorMessage).toEqual({
      maxLength: 'शहर में ज़्यादा से ज़्यादा 40 अक्षर हो सकते हैं',
      minLength: 'शहर में कम से कम 2 अक्षर होने चाहिए',
    });
  });
});
