/** The offline feature's front door: the service worker's kept API answers. */
export { answerFromNetworkOrCopy, keepsCopyOf } from "./apiWorker.ts";
