import { useEffect, useRef, useState } from "react";
import { ZIP_MAX_LENGTH } from "../../src/auth/schemas.ts";
import { CloseIcon, PencilIcon, PinIcon } from "../components/icons.tsx";
import { useToast } from "../state/toast.ts";
import { useUpdateZip } from "./queries.ts";
import { useSessionLost } from "./useSessionLost.ts";

const INPUT_ID = "header-zip-input";

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
		setEditing(false);
	};

	const save = (event: React.FormEvent) => {
		event.preventDefault();
		const next = draft.trim();
		if (!next) return; // spec §5: a blank zip is ignored
		if (next === zipCode) return close();
		updateZip.mutate(next, {
			onSuccess: () => {
				close();
				toast({ title: "Location updated", description: `Showing deals near ${next}.` });
			},
			onError: (error) => {
				if (!sessionLost(error)) {
					toast({ title: "Failed to update zip code. Please try again.", variant: "error" });
				}
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

	return (
		<form onSubmit={save} className="flex items-center gap-1" aria-label="Zip code">
			<PinIcon className="size-4 shrink-0 text-primary" />
			<label htmlFor={INPUT_ID} className="sr-only">
				Zip code
			</label>
			<input
				ref={input}
				id={INPUT_ID}
				className="input input-sm w-24"
				placeholder="Zip code"
				inputMode="numeric"
				autoComplete="postal-code"
				maxLength={ZIP_MAX_LENGTH}
				value={draft}
				onChange={(e) => setDraft(e.target.value)}
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
		</form>
	);
}
