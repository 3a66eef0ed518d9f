/** The notices feature's front door: the banner, the list, the under-review note, and the notices' query key. */
export { NoticeBanner } from "./NoticeBanner.tsx";
export { NoticeList } from "./NoticeList.tsx";
export { noticeKeys } from "./queries.ts";
export { UnderReviewNote } from "./UnderReviewNote.tsx";
