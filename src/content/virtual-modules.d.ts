declare module 'virtual:page-routes' {
  /** Page file (as /pages/...) to the route it declares, {slug} not yet filled. */
  const routes: Record<string, string>;
  export default routes;
}
