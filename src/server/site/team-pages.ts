import { LRUCache } from 'lru-cache';
import type { Queryable } from '../db/database';
import type { PageDocument } from '../../shared/generated/page-document';
import type { PublicTeamMember } from '../../shared/api/team';
import { visibleTeam } from '../team/store';
import type { PublicPageRenderer } from './public-page-html';

/** A page as served: its HTML and its document, as read from the build's files or rendered. */
export interface ServedPage {
  html: string | Buffer;
  data: string | Buffer;
}

/** How long a process serves the team it read before reading it again: an admin's change shows within this. */
const TEAM_READ_EVERY_MS = 2000;

/** The cheap test for a team block, before a page's document is parsed: most pages have none. */
const TEAM_BLOCK = '"type":"team-members"';

/**
 * Pages with a team-members block show the team admins keep at /admin/team: the server puts the visible members in
 * each such block and renders the page again, so the HTML shows them with no script and no later swap. The render
 * is kept per page and team, so visitors cost one small query every couple of seconds, not a render each; if the
 * team cannot be read, the page is served as it was built, with its own people.
 */
export function teamPages(db: Queryable, renderer: PublicPageRenderer, log: { warn(object: object, message: string): void }) {
  let team: { members: PublicTeamMember[]; key: string } | undefined;
  let readAt = 0;
  let reading: Promise<void> | undefined;
  /** The last render of each route with a team block, with the team and the document it was made from. */
  const rendered = new LRUCache<string, { teamKey: string; data: string; render: Promise<ServedPage> }>({ max: 64 });

  const readTeam = () =>
    (reading ??= visibleTeam(db)
      .then((members) => {
        team = { members, key: JSON.stringify(members) };
        readAt = Date.now();
      })
      .finally(() => (reading = undefined)));

  /** The page with the team in its blocks, or the page as given when it has no team block or the team is empty. */
  return async function withTeam(route: string, page: ServedPage): Promise<ServedPage> {
    if (!page.data.includes(TEAM_BLOCK)) return page;
    try {
      if (!team || Date.now() - readAt > TEAM_READ_EVERY_MS) await readTeam();
    } catch (error) {
      log.warn({ err: error }, 'the team could not be read: the page shows its own people');
    }
    if (!team?.members.length) return page;
    const { members, key } = team;
    // Made again when the team or the page's own document changed (a page published again).
    const data = page.data.toString();
    let last = rendered.get(route);
    if (!last || last.teamKey !== key || last.data !== data) {
      const document = JSON.parse(data) as PageDocument;
      const blocks = document.blocks.map((block) => (block.type === 'team-members' ? { ...block, members } : block));
      last = { teamKey: key, data, render: renderer.render({ ...document, blocks }) };
      rendered.set(route, last);
    }
    const { render } = last;
    return render.catch((error: unknown) => {
      rendered.delete(route);
      log.warn({ err: error }, `${route} could not be rendered with the team: served as built`);
      return page;
    });
  };
}
