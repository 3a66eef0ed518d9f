import { useEffect, useRef, useState } from "react";
import * as v from "valibot";
import { ZIP_MAX_LENGTH, ZipCodeSchema } from "../../src/auth/schemas.ts";
import { isRefusal, ownMessage } from "../api/failure.ts";
import { CloseIcon, PencilIcon, PinIcon } from "../components/icons.tsx";
import { postalCodeHint } from "../components/zip.ts";
import { useToast } from "../state/toast.ts";
import { useUpdateZip } from "./queries.ts";
import { useSessionLost } from "./useSessionLost.ts";

const INPUT_ID = "header-zip-input";
const NOTE_ID = "header-zip-note";

/** For a screen that needs a zip: takes the shopper to the header's zip field (open while they have none). */
export function EnterZipButton() {
	return (
		<button
			type="button"
			className="btn btn-primary btn-sm mt-3"
			onClick={() => document.getElementById(INPUT_ID)?.focus()}
		>
			Enter zip code
		</button>
	);
}

/** The header's zip code: shown, or edited inline; editing opens by itself while the user has none. */
export function ZipCodeEditor({ zipCode }: { zipCode: string | null }) {
	const [editing, setEditing] = useState(!zipCode);
	const [draft, setDraft] = useState(zipCode ?? "");
	// Why the draft was not saved (the shared schema's words, or the server's), until it is changed.
	const [problem, setProblem] = useState<string | null>(null);
	const input = useRef<HTMLInputElement>(null);
	const display = useRef<HTMLButtonElement>(null);
	// Closing the editor by hand gives the focus back to the zip it replaced, not to the top of the page.
	const refocus = useRef(false);
	const updateZip = useUpdateZip();
	const toast = useToast();
	const sessionLost = useSessionLost();

	useEffect(() => {
		if (!zipCode) setEditing(true);
	}, [zipCode]);
	useEffect(() => {
		if (editing && zipCode) input.current?.focus();
		if (!editing && refocus.current) display.current?.focus();
		refocus.current = false;
	}, [editing, zipCode]);
	const close = () => {
		refocus.current = true;
		setProblem(null);
		setEditing(false);
	};
	const refuse = (reason: string) => {
		setProblem(reason);
		input.current?.focus();
	};

	const save = (event: React.FormEvent) => {
		event.preventDefault();
		const next = draft.trim();
		if (!next) return; // spec §5: a blank zip is ignored
		if (next === zipCode) return close();
		const checked = v.safeParse(ZipCodeSchema, next);
		if (!checked.success) return refuse(checked.issues[0].message);
		updateZip.mutate(next, {
			onSuccess: () => {
				close();
				toast({ title: "Location updated", description: `Showing deals near ${next}.` });
			},
			onError: (error) => {
				if (sessionLost(error)) return;
				const reason = isRefusal(error) ? ownMessage(error) : undefined;
				if (reason) refuse(reason);
				else toast({ title: "Failed to update zip code. Please try again.", variant: "error" });
			},
		});
	};

	if (!editing) {
		return (
			<button
				ref={display}
				type="button"
				className="btn btn-ghost btn-sm gap-1"
				onClick={() => {
					setDraft(zipCode ?? "");
					setEditing(true);
				}}
				aria-label={`Zip code ${zipCode}. Change zip code`}
			>
				<PinIcon className="size-4" />
				<span data-testid="header-zip">{zipCode}</span>
				<PencilIcon className="size-3.5 opacity-60" />
			</button>
		);
	}

	const note = problem ?? postalCodeHint(draft);
	return (
		<form onSubmit={save} className="relative flex items-center gap-1" aria-label="Zip code">
			<PinIcon className="size-4 shrink-0 text-primary" />
			<label htmlFor={INPUT_ID} className="sr-only">
				Zip code
			</label>
			<input
				ref={input}
				id={INPUT_ID}
				className={`input input-sm w-24 ${problem ? "input-error" : ""}`}
				placeholder="Zip code"
				inputMode="numeric"
				autoComplete="postal-code"
				maxLength={ZIP_MAX_LENGTH}
				value={draft}
				aria-invalid={problem ? true : undefined}
				aria-describedby={note ? NOTE_ID : undefined}
				onChange={(e) => {
					setDraft(e.target.value);
					setProblem(null);
				}}
				onKeyDown={(e) => {
					if (e.key === "Escape" && zipCode) close();
				}}
			/>
			<button type="submit" className="btn btn-primary btn-sm" disabled={updateZip.isPending || !draft.trim()}>
				Save
			</button>
			{zipCode && (
				// An icon on phones, where the word did not fit beside the logo (390 px).
				<button type="button" className="btn btn-ghost btn-sm max-sm:btn-square" aria-label="Cancel" onClick={close}>
					<CloseIcon className="size-4 sm:hidden" />
					<span className="max-sm:hidden">Cancel</span>
				</button>
			)}
			{note && (
				// Below the header's row, over the page: the header keeps its height on a phone.
				<p
					id={NOTE_ID}
					role={problem ? "alert" : undefined}
					className={`absolute top-full right-0 z-40 mt-2 w-64 rounded-box bg-base-100 p-2 shadow-lg ${problem ? "text-sm text-error" : "text-xs text-base-content/70"}`}
					data-testid="header-zip-note"
				>
					{note}
				</p>
			)}
		</form>
	);
}
