import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { currentUserQuery } from "../auth/index.ts";
import { OUTBOX_STORE } from "../components/offlineCache.ts";
import { TOAST_MS, useToast } from "../state/toast.ts";
import { answerWaiting, anyToSend, keep, sendWaiting, type ToKeep, waitingFor } from "./outbox.ts";

export const outboxKeys = { all: ["outbox"] as const, of: (userId: string) => ["outbox", userId] as const };

/** The shopper's waiting reports: read from this device, so it runs with or without a network. */
export const outboxQuery = (userId: string) =>
	queryOptions({ queryKey: outboxKeys.of(userId), queryFn: () => waitingFor(userId), networkMode: "always" });

/** How often waiting reports are tried again while the browser believes it is online (a server away). */
const RETRY_MS = 30_000;
/** Tells this browser's other tabs that the outbox changed, so that their lists follow. */
const channelOf = () => ("BroadcastChannel" in window ? new BroadcastChannel(OUTBOX_STORE) : null);

const useSignedInId = () => {
	const auth = useQuery(currentUserQuery);
	return auth.data?.status === "authenticated" ? auth.data.user.id : null;
};

export function useWaitingReports() {
	const userId = useSignedInId();
	return useQuery({ ...outboxQuery(userId ?? ""), enabled: userId !== null });
}

/** Keeps a report on this device to be sent later; the form then says so ("waiting to send"). */
export function useKeepToSend() {
	const userId = useSignedInId();
	const queryClient = useQueryClient();
	const toast = useToast();
	return useCallback(
		async (item: ToKeep) => {
			if (!userId) return;
			await keep(userId, item);
			await queryClient.invalidateQueries({ queryKey: outboxKeys.all });
			const channel = channelOf();
			channel?.postMessage("changed");
			channel?.close();
			toast({
				title: "Saved on this device",
				description: "Waiting to send: it goes as soon as you're back online.",
				variant: "info",
				durationMs: TOAST_MS.success,
			});
		},
		[userId, queryClient, toast],
	);
}

/** Sends the shopper's waiting reports once, and tells what came of it. */
function useSendWaiting(userId: string) {
	const queryClient = useQueryClient();
	const toast = useToast();
	return useCallback(async () => {
		let result: Awaited<ReturnType<typeof sendWaiting>>;
		try {
			result = await sendWaiting(userId);
		} catch {
			return; // no IndexedDB (a private window): nothing was kept
		}
		await queryClient.invalidateQueries({ queryKey: outboxKeys.all });
		if (result.sent === 0 && result.refused.length === 0 && result.asked === 0) return;
		channelOf()?.postMessage("changed");
		if (result.sent > 0 || result.refused.length > 0) {
			void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== outboxKeys.all[0] });
		}
		const [refused] = result.refused;
		if (refused) {
			toast({ title: `Not saved: ${refused.label}`, description: refused.message, variant: "error" });
		} else if (result.sent > 0) {
			const reports = result.sent === 1 ? "report" : "reports";
			toast({ title: `Sent ${result.sent} ${reports} kept offline`, variant: "success", durationMs: TOAST_MS.success });
		}
		if (result.asked > 0) {
			toast({
				title: "A report kept offline has a question",
				description: "Its place looks like one already listed: answer it in the reports kept on this device.",
				variant: "info",
				durationMs: TOAST_MS.success,
			});
		}
	}, [userId, queryClient, toast]);
}

/** The shopper's answer to a waiting report's question about its place; it is then sent, with the same key. */
export function useAnswerWaiting() {
	const userId = useSignedInId();
	const send = useSendWaiting(userId ?? "");
	const [busy, setBusy] = useState(false);
	const answer = useCallback(
		async (sendKey: string, choice: "use" | "new") => {
			if (!userId || busy) return;
			setBusy(true);
			try {
				await answerWaiting(userId, sendKey, choice);
				await send();
			} finally {
				setBusy(false);
			}
		},
		[userId, busy, send],
	);
	return { answer, busy };
}

/**
 * Sends the signed-in shopper's waiting reports: when the app starts, when the connection returns, and now and
 * then while any wait. What was sent changes lists and counts, so every read is asked again.
 */
export function useOutboxSender(userId: string) {
	const queryClient = useQueryClient();
	const send = useSendWaiting(userId);

	useEffect(() => {
		void send();
		const again = () => void send();
		window.addEventListener("online", again);
		const timer = setInterval(() => {
			const waiting = queryClient.getQueryData(outboxQuery(userId).queryKey);
			if (navigator.onLine && waiting && anyToSend(waiting)) again();
		}, RETRY_MS);
		const channel = channelOf();
		if (channel) channel.onmessage = () => void queryClient.invalidateQueries({ queryKey: outboxKeys.all });
		return () => {
			window.removeEventListener("online", again);
			clearInterval(timer);
			channel?.close();
		};
	}, [send, userId, queryClient]);
}
