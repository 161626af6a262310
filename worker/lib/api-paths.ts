/**
 * Shop API paths the edge treats on their own (both sides import them from here): upload
 * calls may carry bodies up to uploads.maxRequestBytes and stream through the edge.
 */
export const UPLOADS_PATH = "/apiv2/uploads";
/** The image of a complaint (returns/uploads.ts), one file per call. */
export const RMA_UPLOADS_PATH = "/apiv2/rma/uploads";
/** Every upload path. */
export const UPLOAD_PATHS: readonly string[] = [UPLOADS_PATH, RMA_UPLOADS_PATH];
