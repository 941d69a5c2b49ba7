import type { SiteConfig } from '../../shared/generated/site-config';
import { escapeHtml } from '../../shared/escape-html';

export interface LandingPage {
  title: string;
  paragraphs: string[];
  /** A button that POSTs back to the same address: a mail scanner that opens links does not press it. */
  button?: string;
  /** Inputs of that form, as trusted HTML made by the caller. */
  fieldsHtml?: string;
  /** Links shown after the text, such as downloads. */
  links?: { href: string; label: string }[];
}

/**
 * The page a mailed link lands on, saying in plain words what happened. Plain HTML with inline styles: it needs
 * none of the site's scripts and stays readable when opened from any mail client.
 */
export function landingPageHtml(site: SiteConfig, page: LandingPage): string {
  const paragraphs = page.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  const button = page.button
    ? `<form method="post">${page.fieldsHtml ?? ''}<button type="submit" style="font:inherit;padding:.6em 1.4em;border:0;border-radius:6px;background:#0b5cad;color:#fff;cursor:pointer">${escapeHtml(page.button)}</button></form>`
    : '';
  const links = (page.links ?? []).map((l) => `<p><a href="${escapeHtml(l.href)}">${escapeHtml(l.label)}</a></p>`).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(page.title)} | ${escapeHtml(site.brand.name)}</title>
</head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1a1a1a;margin:0;padding:2rem 1rem">
<main style="max-width:36rem;margin:0 auto">
<p><a href="/" style="color:#0b5cad">${escapeHtml(site.brand.name)}</a></p>
<h1 style="font-size:1.6rem">${escapeHtml(page.title)}</h1>
${paragraphs}${links}${button}
<p><a href="/privacy-policy" style="color:#0b5cad">How we use your data</a></p>
</main>
</body>
</html>
`;
}
