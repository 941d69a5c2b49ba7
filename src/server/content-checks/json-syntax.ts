import { parseTree, printParseErrorCode, type ParseError, type ParseErrorCode } from 'jsonc-parser';

/** Where a text stops being JSON, and what to do about it in words a person editing the file can act on. */
export function jsonSyntaxProblem(text: string): { offset: number; message: string } {
  const errors: ParseError[] = [];
  parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  const error = errors[0];
  if (!error) return { offset: 0, message: 'not valid JSON' };
  const comma = trailingCommaBefore(text, error.offset);
  if (comma !== undefined)
    return { offset: comma, message: 'not valid JSON: a comma after the last item of a list or object; remove this ","' };
  return { offset: error.offset, message: `not valid JSON: ${whatIsWrong(error.error, text, error.offset)}` };
}

/** A `,` followed only by blanks and then a closing `}` or `]`: JSON allows none there. */
function trailingCommaBefore(text: string, offset: number): number | undefined {
  if (text[offset] !== '}' && text[offset] !== ']') return undefined;
  let at = offset - 1;
  while (at >= 0 && /\s/.test(text.charAt(at))) at--;
  return text[at] === ',' ? at : undefined;
}

function whatIsWrong(code: ParseErrorCode, text: string, offset: number): string {
  // The codes are a const enum, which an isolated module cannot read: their names serve.
  switch (printParseErrorCode(code)) {
    case 'UnexpectedEndOfString':
      return 'this text has no closing double quote (")';
    case 'CommaExpected':
      return 'a comma is missing before this item';
    case 'ColonExpected':
      return 'a colon (:) is missing after the field name';
    case 'PropertyNameExpected':
      return 'a field name in double quotes is expected here';
    case 'ValueExpected':
      return 'a value is expected here';
    case 'CloseBraceExpected':
      return offset >= text.length ? 'the file ends before every "{" is closed: a "}" is missing' : 'a "}" is missing here';
    case 'CloseBracketExpected':
      return offset >= text.length ? 'the file ends before every "[" is closed: a "]" is missing' : 'a "]" is missing here';
    case 'EndOfFileExpected':
      return 'more text after the end of the document: is there one "}" or "]" too many?';
    case 'InvalidSymbol':
      return text[offset] === "'"
        ? 'text and field names take double quotes ("), not single quotes'
        : 'text and field names must be in double quotes; only numbers, true, false and null are written without them';
    case 'InvalidCommentToken':
    case 'UnexpectedEndOfComment':
      return 'JSON allows no comments';
    case 'InvalidEscapeCharacter':
      return 'a backslash in text starts an escape such as \\n or \\"; write \\\\ for a backslash itself';
    case 'InvalidCharacter':
      return 'a line break or tab inside text must be written \\n or \\t';
    default:
      return printParseErrorCode(code);
  }
}
