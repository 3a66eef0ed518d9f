/** Notices to a reporter about their own reports. */
export type { NOTICE_EVENT, NoticeJson, PendingNotice } from "./notices.ts";
export { deliverNotices, writeNotice } from "./notices.ts";
export { noticeRoutes } from "./routes.ts";
