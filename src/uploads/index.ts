/** Uploaded photos: signed uploads, their storage, and the sweep of unattached files. */
export { removeUploadFiles } from "./references.ts";
export { NOT_YOUR_PHOTO_MESSAGE, resolveOwnUpload } from "./resolve.ts";
export { objectRoutes, uploadFileRoutes, uploadRoutes } from "./routes.ts";
export { sweepOrphanUploads } from "./sweep.ts";
