import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { TERMINATION_REASON_MAX_LENGTH } from "../../src/admin/schemas.ts";
import { USER_SEARCH_MAX_LENGTH } from "../../src/users/schemas.ts";
import { failureStatus, failureText } from "../api/failure.ts";
import { currentUserQuery, useSessionLost } from "../auth/index.ts";
import { BellIcon } from "../components/icons.tsx";
import { SearchBox } from "../components/SearchBox.tsx";
import { SubmitButton } from "../components/SubmitButton.tsx";
import { useDebounced } from "../components/useDebounced.ts";
import { useOnEachFailure } from "../components/useOnEachFailure.ts";
import { useToast } from "../state/toast.ts";
import { ExportData } from "./ExportData.tsx";
import { ImportData } from "./ImportData.tsx";
import { ModerationQueue } from "./ModerationQueue.tsx";
import { ModerationRecord } from "./ModerationRecord.tsx";
import {
	ACCESS_DENIED,
	type AdminUser,
	adminUsersQuery,
	useLiftSuspension,
	useRelock,
	useSendTestNotification,
	useTerminateAccount,
} from "./queries.ts";
import { ReasonDialog } from "./ReasonDialog.tsx";
import { UserChoices } from "./UserChoices.tsx";

export const TERMINATE_FAILED = "Failed to terminate account";
export const TEST_NOTIFICATION_FAILED = "Failed to send test notification";
export const LIFT_FAILED = "Failed to lift the suspension";

/**
 * The moderation tools (spec §6): the queue of flagged reports, list and filter users, terminate one
 * with a reason or lift a suspension, the record of what moderators did, a test notification, and the
 * open-data export and import.
 */
export function AdminConsole() {
	const auth = useQuery(currentUserQuery);
	const myId = auth.data?.status === "authenticated" ? auth.data.user.id : null;
	const [filter, setFilter] = useState("");
	const q = useDebounced(filter.trim(), 300);
	const list = useQuery(adminUsersQuery(q));
	const [chosenId, setChosenId] = useState<string | null>(null);
	const [reason, setReason] = useState("");
	const dialog = useRef<HTMLDialogElement>(null);
	const terminate = useTerminateAccount();
	const testNotification = useSendTestNotification();
	const toast = useToast();
	const sessionLost = useSessionLost();
	const relock = useRelock();
	const lift = useLiftSuspension();
	const [lifting, setLifting] = useState<AdminUser | null>(null);
	const [liftFailure, setLiftFailure] = useState<string | null>(null);

	// A refused list means this session is no longer unlocked.
	useOnEachFailure(list.error, (error) => {
		if (!sessionLost(error) && relock(error)) {
			toast({ title: ACCESS_DENIED, description: failureText(error), variant: "error" });
		}
	});

	const chosen = list.data?.users.find((u) => u.id === chosenId && !u.isTerminated && u.id !== myId) ?? null;
	// What the termination still lacks, in the order the form asks: the button names it rather than greying out.
	const missing = [...(chosen ? [] : ["user"]), ...(reason.trim() ? [] : ["reason"])];

	const confirmTerminate = () => {
		if (!chosen || !reason.trim()) return;
		terminate.mutate(
			{ userId: chosen.id, reason: reason.trim() },
			{
				onSuccess: (done) => {
					dialog.current?.close();
					setChosenId(null);
					setReason("");
					const n = done.reportsWithdrawn;
					const withdrawn = n === 0 ? "" : ` ${n} report${n === 1 ? "" : "s"} withdrawn.`;
					toast({
						title: "Account terminated",
						description: `@${done.username} can no longer use CommonCents.${withdrawn}`,
					});
				},
				onError: (err) => {
					dialog.current?.close();
					if (sessionLost(err)) return;
					relock(err);
					toast({
						title: TERMINATE_FAILED,
						description: failureStatus(err) === null ? undefined : failureText(err),
						variant: "error",
					});
				},
			},
		);
	};

	const confirmLift = (liftReason: string) => {
		if (!lifting) return;
		lift.mutate(
			{ userId: lifting.id, reason: liftReason },
			{
				onSuccess: (done) => {
					setLifting(null);
					const n = done.reportsRestored;
					const restored = n === 0 ? "" : ` ${n} report${n === 1 ? "" : "s"} restored.`;
					toast({ title: "Suspension lifted", description: `@${done.username} can use CommonCents again.${restored}` });
				},
				onError: (err) => {
					if (sessionLost(err) || relock(err)) return setLifting(null);
					setLiftFailure(failureText(err));
				},
			},
		);
	};

	const sendTest = () =>
		testNotification.mutate(undefined, {
			onSuccess: ({ title, body }) => toast({ title, description: body, variant: "info" }),
			onError: (err) => {
				if (!sessionLost(err)) toast({ title: TEST_NOTIFICATION_FAILED, variant: "error" });
			},
		});

	return (
		<div className="flex flex-col gap-4" data-testid="admin-console">
			<div className="flex flex-wrap items-center justify-between gap-2">
				<p className="badge badge-warning">Developer console unlocked for this session</p>
				<button
					type="button"
					className="btn btn-sm btn-outline"
					onClick={sendTest}
					disabled={testNotification.isPending}
				>
					<BellIcon className="size-4" />
					Send Test Notification
				</button>
			</div>

			<ModerationQueue />

			<form
				className="flex flex-col gap-3"
				aria-labelledby="terminate-heading"
				onSubmit={(e) => {
					e.preventDefault();
					// Enter in the filter submits even while the button waits: nothing opens until both are there.
					if (missing.length === 0 && !terminate.isPending) dialog.current?.showModal();
				}}
			>
				<h3 id="terminate-heading" className="font-semibold">
					Users
				</h3>
				<SearchBox
					id="admin-filter"
					label="Filter by username"
					autoCapitalize="none"
					placeholder="Filter by username"
					maxLength={USER_SEARCH_MAX_LENGTH}
					value={filter}
					onChange={setFilter}
				/>
				<UserChoices
					users={list.data?.users}
					loading={list.isPending}
					failed={list.isError}
					myId={myId}
					chosenId={chosenId}
					onChoose={setChosenId}
					onLift={(user) => {
						setLiftFailure(null);
						lift.reset();
						setLifting(user);
					}}
				/>
				{list.data && list.data.total > list.data.users.length && (
					<p className="text-sm text-base-content/70" data-testid="admin-list-cut">
						Showing the first {list.data.users.length} of {list.data.total.toLocaleString("en-US")} users. Type more of
						a username to find others.
					</p>
				)}
				<div className="flex flex-col gap-1">
					<label htmlFor="terminate-reason" className="text-sm font-medium">
						Reason
					</label>
					<textarea
						id="terminate-reason"
						className="textarea w-full"
						rows={2}
						maxLength={TERMINATION_REASON_MAX_LENGTH}
						placeholder="Shown to the user on the suspension screen"
						value={reason}
						onChange={(e) => setReason(e.target.value)}
					/>
				</div>
				<SubmitButton busy={terminate.isPending} missing={missing} className="btn-error" align="stretch">
					Terminate Account
				</SubmitButton>
			</form>

			<dialog ref={dialog} className="modal" aria-labelledby="terminate-confirm-title">
				<div className="modal-box">
					<h3 id="terminate-confirm-title" className="text-lg font-bold">
						Terminate @{chosen?.username}?
					</h3>
					<p className="py-3">
						They will only see the Account Suspended screen, with the reason “{reason.trim()}”, and can delete their
						account. Their price and fuel reports are withdrawn from everyone's view.
					</p>
					<div className="modal-action">
						<button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
							Cancel
						</button>
						<button type="button" className="btn btn-error" onClick={confirmTerminate} disabled={terminate.isPending}>
							{terminate.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
							Terminate
						</button>
					</div>
				</div>
				<form method="dialog" className="modal-backdrop">
					<button type="submit">Close</button>
				</form>
			</dialog>
			{lifting && (
				<ReasonDialog
					request={{
						title: `Lift the suspension of @${lifting.username}?`,
						text: "They can use CommonCents again, and their reports withdrawn with the suspension come back unless they expired meanwhile. The upvotes they gave do not come back.",
						confirm: "Lift suspension",
					}}
					pending={lift.isPending}
					failure={liftFailure ? { title: LIFT_FAILED, text: liftFailure } : null}
					onConfirm={confirmLift}
					onClose={() => setLifting(null)}
				/>
			)}

			<ModerationRecord />

			<ExportData />

			<ImportData />
		</div>
	);
}
