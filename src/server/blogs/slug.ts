/** Slugs of blog posts: what /blogs/:blogTitle holds, as the blog_posts.slug check demands. */

const MAX_SLUG = 80;

/** Lower-case ASCII words of the title joined by hyphens: "Hiring in Pune, 2026!" becomes "hiring-in-pune-2026". */
export function slugFromTitle(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents off: "Café" reads "cafe"
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '') // "India's" reads "indias", not "india-s"
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  // Cut long titles at a word boundary so the address stays readable.
  const cut = words.length > MAX_SLUG ? words.slice(0, MAX_SLUG).replace(/-[^-]*$/, '') || words.slice(0, MAX_SLUG) : words;
  return cut.replace(/-+$/, '') || 'post'; // a title in another script has no ASCII words
}

/** The first of base, base-2, base-3… not among the taken slugs. */
export function firstFreeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  let n = 2;
  while (used.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}
