/** app/vite.config.ts's page languages of the route table (page-languages.ts), for the browser's entry. */
declare module "virtual:manyhands/page-languages" {
  const pageLanguages: ReadonlyMap<string, readonly string[]>
  export default pageLanguages
}
