/**
 * Shop API paths the edge treats on their own (both sides import them from here): upload
 * calls may carry bodies up to uploads.maxRequestBytes and stream through the edge.
 */
export const UPLOADS_PATH = "/apiv2/uploads";
