/**
 * The offline feature's front door: the service worker's kept API answers, and the outbox of reports kept on
 * this device until they can be sent.
 */
export { answerFromNetworkOrCopy, keepsCopyOf } from "./apiWorker.ts";
export { newSendKey } from "./outbox.ts";
export { useKeepToSend, useOutboxSender } from "./queries.ts";
export { WaitingToSend } from "./WaitingToSend.tsx";
