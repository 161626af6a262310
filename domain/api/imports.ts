/**
 * The catalogue import on the wire: the merchandisers' HTTP import
 * (`POST /admin/catalogue/import?format=&source=`, bearer CATALOGUE_IMPORT_TOKEN; the body the
 * file) and the back office's upload (`POST /admin/api/catalogue/validate|apply`, the import
 * history `GET /admin/api/imports`: `UploadCheck`, `AppliedImport`, `ImportHistory` of
 * domain/back-office/catalogue.ts). A refused file is 422 with one error per problem (its
 * `field`, and for CSV its `params.row`).
 */

/** The answer of the HTTP import. */
export interface CatalogueImportAnswer {
  importId: number;
  /** The rebuild request written with the import, when it concerns a shop. */
  changeId: number | null;
  /** How many products the import changed. */
  changedSkus: number;
  /** Records per section of the file. */
  counts: Record<string, number>;
}
