/**
 * Bidirectional formatting characters (LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI, LRM, RLM, ALM): a name such as
 * "resume\u202Efdp.exe" would otherwise show to staff as "resumeexe.pdf".
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;

export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/** The name as the visitor knows it, without a client's path, control or bidi characters, or unbounded length. */
export function cleanUploadName(filename: string | undefined): string {
  const last = (filename ?? '').split(/[\\/]/).at(-1) ?? '';
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const base = stripBidiControls(last.replace(/[\u0000-\u001f\u007f]/g, '')).trim();
  return base.slice(0, 200) || 'upload';
}
