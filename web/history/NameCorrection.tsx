import { useId, useState } from "react";
import * as v from "valibot";
import { ProductNameSchema } from "../../src/history/schemas.ts";
import { failureText } from "../api/failure.ts";
import { useSessionLost } from "../auth/index.ts";
import { ConfirmDialog } from "../components/ConfirmDialog.tsx";
import { PencilIcon } from "../components/icons.tsx";
import { useToast } from "../state/toast.ts";
import { useCorrectProductName } from "./queries.ts";

export const CORRECT_FAILED = "The name could not be saved";

/**
 * "Correct the name", for a shopper who reported a barcode's product: the name they write then stands for
 * everyone, whatever names later reports give it.
 */
export function NameCorrection({ barcode, name }: { barcode: string; name: string }) {
	const [open, setOpen] = useState(false);
	return (
		<>
			<button type="button" className="btn btn-ghost btn-sm" aria-haspopup="dialog" onClick={() => setOpen(true)}>
				<PencilIcon className="size-4" />
				Correct the name
			</button>
			{open && <NameDialog barcode={barcode} name={name} onClose={() => setOpen(false)} />}
		</>
	);
}

function NameDialog({ barcode, name, onClose }: { barcode: string; name: string; onClose: () => void }) {
	const [typed, setTyped] = useState(name);
	const [failure, setFailure] = useState<string | null>(null);
	const correct = useCorrectProductName();
	const toast = useToast();
	const sessionLost = useSessionLost();
	const fieldId = useId();
	const problem = nameProblem(typed);

	const save = () =>
		correct.mutate(
			{ barcode, name: typed.trim() },
			{
				onSuccess: (saved) => {
					onClose();
					toast({ title: "Name corrected", description: `Barcode ${saved.barcode} is now “${saved.name}”.` });
				},
				onError: (error) => {
					if (sessionLost(error)) onClose();
					else setFailure(failureText(error));
				},
			},
		);

	return (
		<ConfirmDialog
			heading="h2"
			title="Correct the product's name"
			text={`Everyone sees the name you write for barcode ${barcode}, whatever later reports call it.`}
			failure={failure === null ? null : { title: CORRECT_FAILED, text: failure, testId: "name-failure" }}
			confirm="Save name"
			pending={correct.isPending}
			missing={problem ? ["a name"] : []}
			onConfirm={save}
			onClose={onClose}
		>
			<label htmlFor={fieldId} className="text-sm font-medium">
				Product name
			</label>
			<input
				id={fieldId}
				className={`input mt-1 w-full ${problem && typed ? "input-error" : ""}`}
				maxLength={120}
				// biome-ignore lint/a11y/noAutofocus: it sits in ConfirmDialog's modal, which showModal opens here
				autoFocus
				value={typed}
				aria-describedby={problem && typed ? `${fieldId}-problem` : undefined}
				onChange={(e) => setTyped(e.target.value)}
			/>
			{problem && typed && (
				<p id={`${fieldId}-problem`} className="mt-1 text-sm text-error">
					{problem}
				</p>
			)}
		</ConfirmDialog>
	);
}

/** What is wrong with the typed name, by the server's own rules; null when it would be saved. */
function nameProblem(typed: string): string | null {
	const checked = v.safeParse(ProductNameSchema, { name: typed });
	return checked.success ? null : (checked.issues[0]?.message ?? null);
}
