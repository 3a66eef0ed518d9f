import { queryOptions, useQueryClient } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { api, unwrap } from "../api/client.ts";
import { useLastingMutation } from "../api/mutation.ts";

export type NoticeList = InferResponseType<typeof api.notices.$get, 200>;
export type Notice = NoticeList["notices"][number];

export const noticeKeys = { all: ["notices"] as const };

/** The shopper's notices about their own reports, newest first, and how many are unread. */
export const noticesQuery = queryOptions({
	queryKey: noticeKeys.all,
	queryFn: () => unwrap(api.notices.$get()),
});

/** Marks some notices read (`ids`), or all of them; the unread count is set from the answer. */
export function useMarkNoticesRead() {
	const queryClient = useQueryClient();
	return useLastingMutation({
		mutationFn: (ids: number[] | undefined) => unwrap(api.notices.read.$post({ json: ids ? { ids } : {} })),
		onSuccess: ({ unread }, ids) => {
			queryClient.setQueryData<NoticeList>(noticeKeys.all, (list) =>
				list
					? {
							unread,
							notices: list.notices.map((n) => (ids === undefined || ids.includes(n.id) ? { ...n, read: true } : n)),
						}
					: list,
			);
		},
	});
}
