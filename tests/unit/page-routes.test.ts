import { describe, expect, it } from 'vitest';
import { checkPages } from '../../src/server/content-checks/check-pages';
import { readPageFiles } from '../../src/server/site/pages-on-disk';
import { jsonForScript, pageDataUrl, pageFileOf, routeOfPageDataUrl } from '../../src/shared/page-files';

const files = readPageFiles();
// A page with no city: a city page's route must also end in its city.
const about = files.find((f) => f.file === 'pages/about.json')!;

describe('a page is found by its route', () => {
  it('names its files after the route, and no file for a path no page can have', () => {
    expect(pageFileOf('/', 'html')).toBe('index.html');
    expect(pageFileOf('/franchise/surat', 'json')).toBe('franchise/surat.json');
    for (const path of ['/franchise/../site', '/..', '/a/./b', '/Franchise', '/a//b', '/a/', 'a', '/%2e%2e/x', '/a\\b', '/a.json']) {
      expect(pageFileOf(path, 'html'), path).toBeUndefined();
    }
    expect(pageDataUrl('/')).toBe('/page-data/index.json');
    expect(routeOfPageDataUrl('/page-data/index.json')).toBe('/');
    expect(routeOfPageDataUrl('/page-data/franchise/surat.json')).toBe('/franchise/surat');
    expect(routeOfPageDataUrl('/page-data/../pages/site.json')).toBeUndefined();
    expect(routeOfPageDataUrl('/page-data/franchise/surat')).toBeUndefined();
  });

  it('embeds a document in HTML so that no text of it can end the script element', () => {
    const page = { title: '</script><script>alert(1)</script> <!-- & \u2028' };
    const embedded = jsonForScript(JSON.stringify(page));
    expect(embedded).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(embedded)).toEqual(page);
  });

  it('npm run validate refuses a route the site answers itself, or that cannot name a file', () => {
    const messages = (route: string) =>
      checkPages([...files.filter((f) => f !== about), { ...about, text: about.text.replace('"route": "/about"', `"route": "${route}"`) }])
        .map((p) => p.message)
        // Moving a page also breaks the links to it; those are another rule's.
        .filter((message) => message.startsWith('route '));
    expect(messages('/login')).toEqual(['route /login is an app route (src/shared/app-routes.ts)']);
    expect(messages('/page-data/surat')).toEqual(['route /page-data/surat is reserved: the site answers that address itself']);
    expect(messages('/index')).toEqual(['route /index is reserved: the site answers that address itself']);
    expect(messages('/surat-{city}')).toEqual(['route /surat-{city} is not a site path once its placeholders are filled']);
  });
});
