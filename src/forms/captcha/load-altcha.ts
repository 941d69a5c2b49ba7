// The widget build without inlined workers or styles: its worker is a file of this origin, so the strict CSP
// (script-src 'self', no blob: workers) holds. Imported only in the browser, from an effect.
import 'altcha/external';
import 'altcha/altcha.css';
import './captcha.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

/** The only algorithm the server issues (src/server/captcha/altcha.ts). */
globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());
