import { useRef, useState } from "react";
import { failureText, isRefusal } from "../api/failure.ts";
import { type CurrentUser, useSessionLost } from "../auth/index.ts";
import { Avatar, displayName } from "../components/Avatar.tsx";
import { formatCurrency } from "../components/format.ts";
import { TOAST_MS, useToast } from "../state/toast.ts";
import { PHOTO_ACCEPT, photoProblem, UploadError, uploadFailureText, uploadPhoto } from "../uploads/index.ts";
import { useUpdatePhoto } from "./queries.ts";
import { Reputation } from "./Reputation.tsx";

export const PHOTO_FAILED = "Failed to update profile photo";

/** The user's card on Settings: photo (changed through the upload flow), name and stats. */
export function ProfileCard({ user }: { user: CurrentUser }) {
	const input = useRef<HTMLInputElement>(null);
	const [uploading, setUploading] = useState(false);
	const updatePhoto = useUpdatePhoto();
	const toast = useToast();
	const sessionLost = useSessionLost();
	const busy = uploading || updatePhoto.isPending;

	const fail = (error: unknown) => {
		if (sessionLost(error)) return;
		if (error instanceof UploadError) {
			const description = uploadFailureText(error);
			return toast({ title: PHOTO_FAILED, description, variant: "error", durationMs: TOAST_MS.upload });
		}
		const description = isRefusal(error) ? failureText(error) : "Please try again.";
		toast({ title: PHOTO_FAILED, description, variant: "error" });
	};

	const choose = async (list: FileList | null) => {
		// Copied first: clearing the input (so the same file can be chosen again) empties its live FileList.
		const files = list ? [...list] : [];
		if (input.current) input.current.value = "";
		if (files.length === 0) return;
		const problem = photoProblem(files);
		if (problem) {
			return toast({ title: PHOTO_FAILED, description: problem, variant: "error", durationMs: TOAST_MS.upload });
		}
		setUploading(true);
		let path: string;
		try {
			path = await uploadPhoto(files[0] as File);
		} catch (error) {
			return fail(error);
		} finally {
			setUploading(false);
		}
		updatePhoto.mutate(path, { onSuccess: () => toast({ title: "Profile photo updated" }), onError: fail });
	};

	const remove = () =>
		updatePhoto.mutate(null, { onSuccess: () => toast({ title: "Profile photo removed" }), onError: fail });

	const stats = [
		{ label: "Reports", value: String(user.totalReports) },
		{ label: "Money saved", value: formatCurrency(user.totalMoneySaved) },
		{ label: "Stores visited", value: String(user.uniqueStoresVisited) },
		// Reputation (spec §1): the upvotes the shopper's reports have earned.
		{ label: "Upvotes earned", value: String(user.reputation) },
	];

	return (
		<div className="flex flex-col gap-4">
			<div className="flex items-center gap-4">
				<Avatar person={user} size="lg" />
				<div className="min-w-0">
					<h2 className="truncate text-lg font-semibold">{displayName(user)}</h2>
					<p className="truncate text-base-content/70">@{user.username}</p>
					<Reputation
						priceReportsMade={user.priceReportsMade}
						accuracy={user.accuracy}
						unjudged="No reports judged yet"
					/>
				</div>
			</div>
			<div className="flex flex-wrap items-center gap-2">
				<label className={`btn btn-sm btn-outline ${busy ? "btn-disabled" : ""}`}>
					{busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
					{user.profileImageUrl ? "Change photo" : "Add photo"}
					<input
						ref={input}
						type="file"
						accept={PHOTO_ACCEPT}
						className="sr-only"
						aria-label="Profile photo"
						disabled={busy}
						onChange={(e) => void choose(e.target.files)}
					/>
				</label>
				{user.profileImageUrl && (
					<button type="button" className="btn btn-sm btn-ghost" onClick={remove} disabled={busy}>
						Remove photo
					</button>
				)}
				<span className="text-xs text-base-content/70">One image, up to 5 MB.</span>
			</div>
			<dl className="grid w-full grid-cols-2 gap-2 rounded-box bg-base-200 p-2 sm:grid-cols-4">
				{stats.map((s) => (
					<div key={s.label} className="px-2 py-1">
						<dt className="text-xs text-base-content/70">{s.label}</dt>
						<dd className="text-lg font-semibold" data-testid={`profile-${s.label.toLowerCase().replace(/ /g, "-")}`}>
							{s.value}
						</dd>
					</div>
				))}
			</dl>
		</div>
	);
}
