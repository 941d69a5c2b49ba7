/** The schema of the site's own addresses (pages, page data, sitemaps): kept out of the API description, any query. */
export const siteRouteSchema = { hide: true, querystring: { type: 'object', additionalProperties: true } } as const;
