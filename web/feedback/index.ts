/** The feedback feature's front door: the bar under a report where shoppers confirm, dispute or flag it. */
export { FeedbackBar } from "./FeedbackBar.tsx";
