import type { EditablePage, PageProblem } from '../../shared/api/page-editor';

/** A page document as the editor holds it, and one of its blocks. */
export type PageDocument = EditablePage['document'];
export type Block = Record<string, unknown> & { type: string };

export const blocksOf = (document: PageDocument) => (Array.isArray(document.blocks) ? (document.blocks as Block[]) : []);
export const withBlocks = (document: PageDocument, blocks: Block[]): PageDocument => ({ ...document, blocks });
export const sameDocument = (a: PageDocument, b: PageDocument) => JSON.stringify(a) === JSON.stringify(b);

/** The problems under a pointer prefix, their pointers made relative to it. */
export const problemsUnder = (problems: PageProblem[], prefix: string) =>
  problems.filter((p) => p.pointer.startsWith(`${prefix}/`)).map((p) => ({ ...p, pointer: p.pointer.slice(prefix.length) }));

/** The problems the editor shows at a field: of a block, the meta tags, a city's facts, lists or wording of a section. */
const atAField = /^\/(blocks|meta|city|figures|events|faq|overrides)\//;

/** The problems of the page as a whole, shown above its parts. */
export const pageWideProblems = (problems: PageProblem[]) => problems.filter((p) => !atAField.test(p.pointer));
