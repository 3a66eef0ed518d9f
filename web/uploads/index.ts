/** The uploads feature's front door: the photo picker, and checking and uploading a photo. */
export { PhotoPicker } from "./PhotoPicker.tsx";
export { PHOTO_ACCEPT, photoProblem, UploadError, uploadFailureText, uploadPhoto } from "./upload.ts";
